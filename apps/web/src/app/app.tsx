import { RouterProvider } from 'react-router';
import type { AppRouter } from './router';
import { AppProvider } from './provider';

/** The providers around the router main.tsx created (created there so it starts loading at once). */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

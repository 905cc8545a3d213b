import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { appRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/** Renders the real route table at `path`, inside the real providers, with a fresh query cache. */
export function renderRoute(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...result };
}

/**
 * Renders one component (a feature's piece that no route shows alone yet) inside the real
 * providers and a memory router at `/`, where its links can be followed: `router.state.location`.
 */
export function renderWithProviders(ui: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: null },
    ],
    { initialEntries: ['/'] },
  );
  const result = render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...result };
}

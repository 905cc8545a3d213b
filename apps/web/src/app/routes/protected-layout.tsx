import { Outlet } from 'react-router';
import { AuthGuard } from '@/features/auth/components/auth-guard';

/** Every signed-in screen hangs under this route; the shell issue adds the sidebar here. */
export function ProtectedLayout() {
  return (
    <AuthGuard>
      <Outlet />
    </AuthGuard>
  );
}

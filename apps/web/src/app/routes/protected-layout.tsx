import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { taskCountsQueryOptions } from '@/api/tasks';
import { AppShell } from '@/components/layout/app-shell';
import { AuthGuard } from '@/features/auth/components/auth-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LiveUpdates } from '@/features/live-updates/components/live-updates';
import { ExportDownloadsPanel } from '@/features/spreadsheets/components/export-downloads-panel';
import { LIVE_CACHE_PATCHERS } from '../live-cache-patchers';

/** The shell around a signed-in screen, fed by the session (layout code never imports features). */
function SignedInShell() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  // The sidebar's overdue count: read on sign-in, every minute (a task falls due by the clock) and
  // after any task change (saves and live events invalidate it).
  const taskCounts = useQuery({ ...taskCountsQueryOptions(), enabled: user !== null });

  // Log out (the local session ends even if the server call fails), then /login.
  const handleLogout = async () => {
    await logout();
    await navigate('/login', { replace: true });
  };

  return (
    <AppShell user={user} onLogout={() => void handleLogout()} overdueTasks={taskCounts.data?.overdue ?? 0}>
      {/* One stream per tab and per user: signing in as someone else starts a new one. */}
      {user && <LiveUpdates key={user.id} userId={user.id} patchers={LIVE_CACHE_PATCHERS} />}
      <Outlet />
      {/* Exports go on while the user moves between screens; their progress shows on every one. */}
      <ExportDownloadsPanel />
    </AppShell>
  );
}

/** Every signed-in screen hangs under this route: the guard first, then the shell. */
export function ProtectedLayout() {
  return (
    <AuthGuard>
      <SignedInShell />
    </AuthGuard>
  );
}

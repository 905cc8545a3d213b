import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { AppSidebar } from './app-sidebar';
import { FullscreenButton } from './fullscreen-button';
import { PageHeader } from './page-header';
import { SHELL_TITLE_NAMESPACES, useRouteHandle } from './route-handle';
import { ThemeToggle } from './theme-toggle';
import { UserBlock } from './user-block';
import type { ShellUser } from './user-display';

type AppShellProps = {
  /** The signed-in user; null shows the placeholder ('Usuário'). Passed in: layout never imports features. */
  user: ShellUser | null;
  onLogout: () => void;
  /** The signed-in user's overdue tasks, shown beside "Tarefas" (read by the app, as the user is). */
  overdueTasks?: number;
  children: ReactNode;
};

/** Every signed-in screen: sidebar, header (breadcrumbs, theme, fullscreen, user), page title, content. */
export function AppShell({ user, onLogout, overdueTasks = 0, children }: AppShellProps) {
  const { t } = useTranslation(SHELL_TITLE_NAMESPACES);
  const handle = useRouteHandle();
  const title = handle ? t(handle.titleKey) : undefined;
  const description = handle?.descriptionKey ? t(handle.descriptionKey) : undefined;
  const insetRef = useRef<HTMLElement>(null);
  const appName = t('appName');

  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);

  // Tooltips exist only inside the shell, so their provider (and its positioning code) lives here
  // rather than in the app's providers, and stays out of the public pages' download.
  return (
    <TooltipProvider>
      <SidebarProvider>
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/50"
        >
          {t('shell.skipToContent')}
        </a>
        <AppSidebar roles={user?.roles} overdueTasks={overdueTasks} />
        {/* The inset is what goes fullscreen: the page and its header, without the menu. */}
        <SidebarInset ref={insetRef} className="[&:fullscreen]:overflow-y-auto">
          <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-4">
            <SidebarTrigger className="-ml-1" label={t('shell.toggleSidebar')} />
            <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
            <AppBreadcrumbs title={title} />
            <div className="ml-auto flex shrink-0 items-center gap-1">
              {handle?.fullscreen && <FullscreenButton target={insetRef} />}
              <ThemeToggle />
              <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-6" />
              <UserBlock user={user} onLogout={onLogout} />
            </div>
          </header>
          <div id="main-content" tabIndex={-1} className="flex flex-1 flex-col gap-6 p-4 outline-none md:p-6">
            {title && <PageHeader title={title} description={description} />}
            {children}
          </div>
        </SidebarInset>
      </SidebarProvider>
    </TooltipProvider>
  );
}

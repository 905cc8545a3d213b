import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { RouteHandle } from '@/components/layout/route-handle';
import { lazyScreen, protectedScreen } from './lazy-screen';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from './routes/root-layout';
import { SessionGate } from './routes/session-gate';

const loginScreen = lazyScreen(
  () => import('./routes/login'),
  (m) => m.LoginRoute,
);

/**
 * The whole route table: public screens, then the guarded ones inside the shell. A route that
 * starts its data's calls as it matches puts them in `queryClient`, the cache the screens read.
 */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RootErrorBoundary,
    children: [
      { index: true, lazy: loginScreen },
      { path: 'secure-login', lazy: loginScreen },
      { path: 'login', lazy: loginScreen },
      {
        path: 'register',
        lazy: lazyScreen(
          () => import('./routes/register'),
          (m) => m.RegisterRoute,
        ),
      },
      {
        path: 'auth/callback',
        lazy: lazyScreen(
          () => import('./routes/auth-callback'),
          (m) => m.AuthCallbackRoute,
        ),
      },
      {
        path: 'redefinir-senha',
        lazy: lazyScreen(
          () => import('./routes/reset-password'),
          (m) => m.ResetPasswordRoute,
        ),
      },
      {
        id: 'session-gate',
        // In the first download: sends a signed-out visitor to /login before any screen's code loads.
        Component: SessionGate,
        children: [
          {
            id: 'protected',
            // Lazy too: the shell (sidebar, menus, tooltips) is not part of the login page's download.
            lazy: protectedScreen(
              () => import('./routes/protected-layout'),
              (m) => m.ProtectedLayout,
            ),
            children: [
              {
                path: 'dashboard',
                handle: {
                  titleKey: 'pages.dashboard.title',
                  descriptionKey: 'pages.dashboard.description',
                  fullscreen: true,
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/dashboard'),
                  (m) => m.DashboardRoute,
                  (m) => m.dashboardLoader(queryClient),
                ),
              },
              {
                path: 'tarefas',
                handle: {
                  titleKey: 'pages.tasks.title',
                  descriptionKey: 'pages.tasks.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/tasks'),
                  (m) => m.TasksRoute,
                ),
              },
              {
                path: 'relatorios',
                handle: {
                  titleKey: 'pages.reports.title',
                  descriptionKey: 'pages.reports.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/reports'),
                  (m) => m.ReportsRoute,
                ),
              },
              {
                path: 'prospecto',
                handle: {
                  titleKey: 'menu:prospectus',
                  descriptionKey: 'menu:prospectusDescription',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/prospectus'),
                  (m) => m.ProspectusRoute,
                ),
              },
              {
                path: 'marcas/gerenciar',
                handle: {
                  titleKey: 'pages.brandsManage.title',
                  descriptionKey: 'pages.brandsManage.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/brands-manage'),
                  (m) => m.BrandsManageRoute,
                ),
              },
              {
                path: 'marcas/criar',
                handle: {
                  titleKey: 'pages.brandsCreate.title',
                  descriptionKey: 'pages.brandsCreate.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/brands-create'),
                  (m) => m.BrandsCreateRoute,
                ),
              },
              {
                path: 'marcas/editar/:id',
                handle: {
                  titleKey: 'pages.brandsEdit.title',
                  descriptionKey: 'pages.brandsEdit.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/brands-edit'),
                  (m) => m.BrandsEditRoute,
                ),
              },
              {
                path: 'leads/editar/:id',
                handle: {
                  titleKey: 'pages.leadsEdit.title',
                  descriptionKey: 'pages.leadsEdit.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/leads-edit'),
                  (m) => m.LeadsEditRoute,
                ),
              },
              {
                path: 'importar',
                handle: {
                  titleKey: 'pages.import.title',
                  descriptionKey: 'pages.import.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/spreadsheets-import'),
                  (m) => m.SpreadsheetsImportRoute,
                ),
              },
              {
                path: 'configuracoes/verticais',
                handle: {
                  titleKey: 'pages.verticals.title',
                  descriptionKey: 'pages.verticals.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/verticals'),
                  (m) => m.VerticalsRoute,
                ),
              },
              {
                path: 'configuracoes/tipos-cotas',
                handle: {
                  titleKey: 'pages.quotaTypes.title',
                  descriptionKey: 'pages.quotaTypes.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/quota-types'),
                  (m) => m.QuotaTypesRoute,
                ),
              },
              {
                path: 'configuracoes/plataformas',
                handle: {
                  titleKey: 'pages.platforms.title',
                  descriptionKey: 'pages.platforms.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/platforms'),
                  (m) => m.PlatformsRoute,
                ),
              },
              {
                path: 'configuracoes/funil',
                handle: {
                  titleKey: 'config:pipeline.title',
                  descriptionKey: 'config:pipeline.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/pipeline-settings'),
                  (m) => m.PipelineSettingsRoute,
                ),
              },
              {
                path: 'configuracoes/idioma',
                handle: {
                  titleKey: 'config:language.title',
                  descriptionKey: 'config:language.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/language'),
                  (m) => m.LanguageRoute,
                ),
              },
              {
                path: 'seguranca/usuarios',
                handle: {
                  titleKey: 'pages.users.title',
                  descriptionKey: 'pages.users.description',
                } satisfies RouteHandle,
                lazy: protectedScreen(
                  () => import('./routes/users'),
                  (m) => m.UsersRoute,
                ),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: lazyScreen(
          () => import('./routes/not-found'),
          (m) => m.NotFoundRoute,
        ),
      },
    ],
  },
];

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;

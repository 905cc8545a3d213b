import { act, screen, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { i18n } from '@/i18n';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { AppShell } from './app-shell';
import type { RouteHandle } from './route-handle';
import type { ShellUser } from './user-display';

function clearSidebarCookie() {
  document.cookie = `${STORAGE_KEYS.sidebarStateCookie}=; path=/; max-age=0`;
}

function renderShell(path: string, { user = null as ShellUser | null, onLogout = () => {} } = {}) {
  const page = (handle: RouteHandle, text: string) => ({ handle, element: <p>{text}</p> });
  const router = createMemoryRouter(
    [
      {
        element: (
          <AppShell user={user} onLogout={onLogout}>
            <Outlet />
          </AppShell>
        ),
        children: [
          { path: 'dashboard', ...page({ titleKey: 'pages.dashboard.title', fullscreen: true }, 'board') },
          {
            path: 'configuracoes/verticais',
            ...page(
              { titleKey: 'pages.verticals.title', descriptionKey: 'pages.verticals.description' },
              'list',
            ),
          },
          { path: 'configuracoes/idioma', ...page({ titleKey: 'config:language.title' }, 'language') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { router };
}

const sidebarState = () => document.querySelector('[data-slot="sidebar"]')?.getAttribute('data-state');

describe('AppShell sidebar', () => {
  it('toggles with Ctrl+B and Cmd+B and keeps the state in sidebar_open and the sidebar_state cookie', async () => {
    clearSidebarCookie();
    const user = userEvent.setup();
    renderShell('/dashboard');
    expect(sidebarState()).toBe('expanded');

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebarState()).toBe('collapsed');
    expect(localStorage.getItem(STORAGE_KEYS.sidebarOpen)).toBe('false');
    expect(document.cookie).toContain('sidebar_state=false');

    await user.keyboard('{Meta>}B{/Meta}');
    expect(sidebarState()).toBe('expanded');
    expect(localStorage.getItem(STORAGE_KEYS.sidebarOpen)).toBe('true');
    expect(document.cookie).toContain('sidebar_state=true');

    // A plain "b" is typing, not the shortcut.
    await user.keyboard('b');
    expect(sidebarState()).toBe('expanded');
  });

  it('starts collapsed when sidebar_open says so, and the trigger opens it', async () => {
    localStorage.setItem(STORAGE_KEYS.sidebarOpen, 'false');
    const user = userEvent.setup();
    renderShell('/dashboard');
    expect(sidebarState()).toBe('collapsed');

    await user.click(screen.getByRole('button', { name: 'Alternar menu lateral' }));
    expect(sidebarState()).toBe('expanded');
    expect(localStorage.getItem(STORAGE_KEYS.sidebarOpen)).toBe('true');
  });

  it('falls back to the cookie when localStorage has no state', () => {
    document.cookie = `${STORAGE_KEYS.sidebarStateCookie}=false; path=/`;
    renderShell('/dashboard');
    expect(sidebarState()).toBe('collapsed');
    clearSidebarCookie();
  });

  it('shows the whole menu, highlights the current page, and collapses each group on its own', async () => {
    const user = userEvent.setup();
    renderShell('/configuracoes/verticais');
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    for (const name of [
      'Dashboard',
      'Gerenciar Marcas',
      'Verticais',
      'Tipos de Cotas',
      'Plataformas',
      'Idioma',
      'Usuários',
    ]) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Verticais' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();

    await user.click(within(nav).getByRole('button', { name: 'Configurações' }));
    expect(within(nav).queryByRole('link', { name: 'Verticais' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Gerenciar Marcas' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Usuários' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Segurança' }));
    expect(within(nav).queryByRole('link', { name: 'Usuários' })).toBeNull();

    await user.click(within(nav).getByRole('button', { name: 'Configurações' }));
    expect(within(nav).getByRole('link', { name: 'Verticais' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Usuários' })).toBeNull();
  });

  it('follows the language at once', async () => {
    renderShell('/dashboard');
    await act(() => i18n.changeLanguage('en'));
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Manage Brands' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Settings' })).toBeInTheDocument();
  });
});

describe('AppShell header', () => {
  it('shows the route title and description, and the breadcrumb trail from Dashboard', () => {
    renderShell('/configuracoes/verticais');
    expect(screen.getByRole('heading', { level: 1, name: 'Verticais' })).toBeInTheDocument();
    expect(screen.getByText('Gestão de verticais do sistema')).toBeInTheDocument();
    expect(document.title).toBe('Verticais · Funil');

    const trail = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(within(trail).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(trail).getByRole('link', { name: 'Configurações' }).getAttribute('href')).toBe(
      '/configuracoes/verticais',
    );
    expect(within(trail).getByText('Verticais').getAttribute('aria-current')).toBe('page');
  });

  it('offers fullscreen only on pages whose handle asks for it', async () => {
    const { router } = renderShell('/dashboard');
    expect(screen.getByRole('button', { name: 'Entrar em tela cheia' })).toBeInTheDocument();
    await act(() => router.navigate('/configuracoes/idioma'));
    expect(screen.getByRole('heading', { level: 1, name: 'Idioma' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entrar em tela cheia' })).toBeNull();
  });

  it('toggles light and dark and keeps the choice in ui-theme', async () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    const user = userEvent.setup();
    renderShell('/dashboard');
    expect(document.documentElement.classList.contains('dark')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Ativar tema escuro' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Ativar tema claro' }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
  });

  it('shows the user with initials and email, and logs out through the callback', async () => {
    const onLogout = vi.fn();
    const user = userEvent.setup();
    renderShell('/dashboard', {
      user: { name: 'maria', full_name: 'Maria da Silva', email: 'maria@empresa.com.br' },
      onLogout,
    });
    const block = screen.getByTestId('user-block');
    expect(within(block).getByText('MD')).toBeInTheDocument();
    expect(within(block).getAllByText('Maria da Silva').length).toBeGreaterThan(0);
    expect(within(block).getAllByText('maria@empresa.com.br').length).toBeGreaterThan(0);

    await user.click(within(block).getByRole('button', { name: 'Sair' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it("names an unknown user 'Usuário'", () => {
    renderShell('/dashboard');
    const block = screen.getByTestId('user-block');
    expect(within(block).getByText('U')).toBeInTheDocument();
    expect(within(block).getAllByText('Usuário').length).toBeGreaterThan(0);
  });
});

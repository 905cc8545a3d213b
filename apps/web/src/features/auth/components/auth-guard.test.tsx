import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiUser, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';
import { AuthCheckingScreen } from './auth-guard';

const GUARDED_PATHS = [
  '/dashboard',
  '/marcas/gerenciar',
  '/marcas/criar',
  '/marcas/editar/42',
  '/leads/editar/42',
  '/configuracoes/verticais',
  '/configuracoes/tipos-cotas',
  '/configuracoes/plataformas',
  '/configuracoes/idioma',
  '/seguranca/usuarios',
];

describe('auth guard', () => {
  beforeEach(() => {
    stubApi({});
  });

  it.each(GUARDED_PATHS)('redirects %s to /login without a token', async (path) => {
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: path } });
  });

  it('checks a stored token with /api/auth/me, then renders the protected screen', async () => {
    const api = stubApi({ 'GET /api/auth/me': { body: apiUser() } });
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(apiUser()));
    const { router } = renderRoute('/configuracoes/verticais');
    // The shell and the screen belong to other features; the guard only has to let them through.
    await waitFor(() => expect(screen.queryByText('Verificando autenticação...')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Bem-vindo de volta' })).toBeNull();
    expect(router.state.location.pathname).toBe('/configuracoes/verticais');
    expect(api.calls('GET /api/auth/me')[0]?.headers.get('Authorization')).toBe('Bearer token');
  });

  it('ends the session and shows /login with the session-expired notice when the stored token is refused', async () => {
    stubApi({
      'GET /api/auth/me': { status: 401, body: { message: 'Sessão expirada. Faça login novamente.' } },
    });
    localStorage.setItem(STORAGE_KEYS.token, 'revoked');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(apiUser()));
    localStorage.setItem(STORAGE_KEYS.authUser, '{}');
    const { router } = renderRoute('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sessão expirada. Faça login novamente.',
    );
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
  });

  it('shows the checking card while /api/auth/me is pending', async () => {
    stubApi({ 'GET /api/auth/me': () => new Promise(() => undefined) });
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    renderRoute('/dashboard');
    expect(await screen.findByText('Verificando autenticação...')).toBeInTheDocument();
  });

  it('shows the checking card while authentication loads', () => {
    render(<AuthCheckingScreen />);
    expect(screen.getByRole('status').textContent).toContain('Verificando autenticação...');
  });
});

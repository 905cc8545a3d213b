import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { peekAuthFlash } from '@/lib/auth-flash';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiUser, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

function signedIn() {
  localStorage.setItem(STORAGE_KEYS.token, 'jwt');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(apiUser()));
  localStorage.setItem(STORAGE_KEYS.authUser, '{"legacy":true}');
}

describe('session', () => {
  it.each([
    ['answers', { status: 204 }],
    ['fails', { status: 500, body: { message: 'Erro interno do servidor. Tente novamente mais tarde.' } }],
  ])('logs out when the server %s: token, user and auth_user cleared, then /login', async (_, reply) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = stubApi({ 'GET /api/auth/me': { body: apiUser() }, 'POST /api/auth/logout': reply });
    signedIn();
    const user = userEvent.setup();
    const { router } = renderRoute('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Sair' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls('POST /api/auth/logout')[0]?.headers.get('Authorization')).toBe('Bearer jwt');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
  });

  it('keeps the stored user current with the me answer', async () => {
    stubApi({ 'GET /api/auth/me': { body: apiUser({ name: 'Nome Novo' }) } });
    signedIn();
    renderRoute('/dashboard');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
        name: 'Nome Novo',
      }),
    );
  });

  it('stays signed in while /api/auth/me answers 503 or cannot be reached, and shows the screen once it answers', async () => {
    // The retries' jitter fixed at its shortest: 250 ms, then 500 ms.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const answers = [
      () => ({ status: 503, body: { message: 'Serviço indisponível' } }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => ({ body: apiUser() }),
    ];
    const api = stubApi({ 'GET /api/auth/me': () => answers.shift()!() });
    signedIn();
    const { router } = renderRoute('/dashboard');

    expect(await screen.findByRole('button', { name: 'Sair' })).toBeInTheDocument();
    expect(api.calls('GET /api/auth/me')).toHaveLength(3);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt');
    expect(peekAuthFlash()).toBeNull();
  });

  it("ends the session on the live stream's 401 as on any call: /login says why until the user signs in again", async () => {
    const api = stubApi({
      'GET /api/auth/me': { body: apiUser() },
      'GET /api/events': { status: 401, body: { message: 'Sessão expirada. Faça login novamente.' } },
      'POST /api/auth/login': { body: { access_token: 'jwt-2', user: apiUser() } },
    });
    signedIn();
    const { router } = renderRoute('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sessão expirada. Faça login novamente.',
    );
    expect(api.calls('GET /api/events')[0]?.headers.get('Authorization')).toBe('Bearer jwt');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    // Landing on /login again (a link followed, a reload): the page still says why.
    await router.navigate('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sessão expirada. Faça login novamente.',
    );

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ana@empresa.com.br');
    await user.type(screen.getByLabelText('Senha'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(peekAuthFlash()).toBeNull();
  });

  it('calls a logout no expired session, whatever its revocation makes the live stream answer meanwhile', async () => {
    let logoutSent!: () => void;
    const revoked = new Promise<void>((resolve) => (logoutSent = resolve));
    let answerLogout!: () => void;
    stubApi({
      'GET /api/auth/me': { body: apiUser() },
      // The stream is ended by the revocation, and its reconnection refused, before the logout's answer.
      'GET /api/events': async () => {
        await revoked;
        return { status: 401, body: { message: 'Sessão expirada. Faça login novamente.' } };
      },
      'POST /api/auth/logout': () => {
        logoutSent();
        return new Promise((resolve) => (answerLogout = () => resolve({ status: 204 })));
      },
    });
    signedIn();
    const user = userEvent.setup();
    const { router } = renderRoute('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
    answerLogout();

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(peekAuthFlash()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signs out in this tab when another tab removes the token', async () => {
    stubApi({ 'GET /api/auth/me': { body: apiUser() } });
    signedIn();
    const { router } = renderRoute('/dashboard');
    await screen.findByRole('button', { name: 'Sair' });

    localStorage.removeItem(STORAGE_KEYS.token);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

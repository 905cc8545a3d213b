import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
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
  it.each(GUARDED_PATHS)('redirects %s to /login without a token', async (path) => {
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: path } });
  });

  it('renders the protected screen with a token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    const { router } = renderRoute('/configuracoes/verticais');
    expect(await screen.findByRole('heading', { name: 'Verticais' })).toBeDefined();
    expect(screen.getByText('Em construção')).toBeDefined();
    expect(router.state.location.pathname).toBe('/configuracoes/verticais');
  });

  it('shows the checking card while authentication loads', () => {
    render(<AuthCheckingScreen />);
    expect(screen.getByRole('status').textContent).toContain('Verificando autenticação...');
  });
});

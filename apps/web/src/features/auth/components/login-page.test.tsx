import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { renderRoute } from '@/test/render';

describe('login page', () => {
  it('renders in pt-BR by default', async () => {
    renderRoute('/login');

    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeDefined();
    expect(screen.getByLabelText('Email')).toBeDefined();
    expect(screen.getByLabelText('Senha')).toBeDefined();
    expect(screen.getByRole('checkbox', { name: 'Lembrar de mim' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' }).getAttribute('href')).toBe(
      '/redefinir-senha',
    );
    expect(screen.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe('/register');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('switches to English at once from the language switcher', async () => {
    const user = userEvent.setup();
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });

    const switcher = screen.getByRole('group', { name: 'Idioma' });
    await user.click(within(switcher).getByRole('button', { name: 'English' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDefined();
    expect(screen.getByLabelText('Password')).toBeDefined();
    const english = within(screen.getByRole('group', { name: 'Language' })).getByRole('button', {
      name: 'English',
    });
    expect(english.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('serves the same screen on / and /secure-login', async () => {
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeDefined();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderRoute('/secure-login');
    const password = await screen.findByLabelText('Senha');
    expect(password.getAttribute('type')).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('validates with the shared messages', async () => {
    const user = userEvent.setup();
    renderRoute('/login');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Senha'), '123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Email inválido')).toBeDefined();
    expect(screen.getByText('Senha deve ter no mínimo 6 caracteres')).toBeDefined();
  });

  it('shows the session-expired notice left by a 401, once', async () => {
    sessionStorage.setItem(STORAGE_KEYS.authFlash, 'session_expired');
    renderRoute('/login');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sessão expirada. Faça login novamente.');
    expect(sessionStorage.getItem(STORAGE_KEYS.authFlash)).toBeNull();
  });

  it('sends a signed-in user to the dashboard', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    const { router } = renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'Pipeline de Oportunidades' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

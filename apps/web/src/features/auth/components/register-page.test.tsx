import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiUser, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

async function openRegister() {
  const view = renderRoute('/register');
  await screen.findByRole('heading', { name: 'Criar conta' });
  return view;
}

describe('registration page', () => {
  beforeEach(() => {
    stubApi({});
  });

  it('validates every field with the shared messages and sends nothing', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    await openRegister();
    await user.type(screen.getByLabelText('Nome completo'), 'A1');
    await user.type(screen.getByLabelText('Email'), 'ana@');
    await user.type(screen.getByLabelText('Senha'), '123');
    await user.type(screen.getByLabelText('Confirmar senha'), '1234');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByText('Nome deve conter apenas letras e espaços')).toBeInTheDocument();
    expect(screen.getByText('Email inválido')).toBeInTheDocument();
    expect(screen.getByText('Senha deve ter no mínimo 6 caracteres')).toBeInTheDocument();
    expect(screen.getByText('As senhas não coincidem')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/register')).toHaveLength(0);
  });

  it.each([
    ['abc', 'Fraca'],
    ['abcdef', 'Média'],
    ['Abcdef', 'Forte'],
    ['Abcde1', 'Muito forte'],
  ])('rates "%s" as %s', async (password, label) => {
    const user = userEvent.setup();
    await openRegister();
    expect(screen.queryByTestId('password-strength')).toBeNull();
    await user.type(screen.getByLabelText('Senha'), password);
    expect(screen.getByTestId('password-strength').textContent).toBe(label);
  });

  it('shows and hides both passwords', async () => {
    const user = userEvent.setup();
    await openRegister();
    const toggles = screen.getAllByRole('button', { name: 'Mostrar senha' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[1]!);
    expect(screen.getByLabelText('Confirmar senha').getAttribute('type')).toBe('text');
    expect(screen.getByLabelText('Senha').getAttribute('type')).toBe('password');
  });

  it('registers with name (not confirmPassword), stores the session and goes to /dashboard', async () => {
    const api = stubApi({
      'POST /api/auth/register': {
        status: 201,
        body: { access_token: 'jwt-new', user: apiUser({ name: 'José da Silva' }) },
      },
    });
    const user = userEvent.setup();
    const { router } = await openRegister();
    await user.type(screen.getByLabelText('Nome completo'), 'José da Silva');
    await user.type(screen.getByLabelText('Email'), 'Jose@Empresa.com.br');
    await user.type(screen.getByLabelText('Senha'), 'Segura123');
    await user.type(screen.getByLabelText('Confirmar senha'), 'Segura123');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.calls('POST /api/auth/register')[0]?.body).toEqual({
      name: 'José da Silva',
      email: 'jose@empresa.com.br',
      password: 'Segura123',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-new');
  });

  it("shows the server's message (409) and stays", async () => {
    stubApi({
      'POST /api/auth/register': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Email já cadastrado' },
      },
    });
    const user = userEvent.setup();
    const { router } = await openRegister();
    await user.type(screen.getByLabelText('Nome completo'), 'Ana Souza');
    await user.type(screen.getByLabelText('Email'), 'ana@empresa.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segura1');
    await user.type(screen.getByLabelText('Confirmar senha'), 'segura1');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByText('Email já cadastrado')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('falls back to "Erro ao registrar usuário" without a server message', async () => {
    stubApi({ 'POST /api/auth/register': { status: 500, body: {} } });
    const user = userEvent.setup();
    await openRegister();
    await user.type(screen.getByLabelText('Nome completo'), 'Ana Souza');
    await user.type(screen.getByLabelText('Email'), 'ana@empresa.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segura1');
    await user.type(screen.getByLabelText('Confirmar senha'), 'segura1');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Erro ao registrar usuário')).toBeInTheDocument();
  });

  it('links to /login', async () => {
    await openRegister();
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
  });
});

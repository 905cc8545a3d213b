import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirmation = password) {
  await user.type(await screen.findByLabelText('Nova senha'), password);
  await user.type(screen.getByLabelText('Confirmar nova senha'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
}

describe('reset password page', () => {
  it('sets the new password with the link token, then goes to /login with a success toast', async () => {
    const api = stubApi({ 'POST /api/auth/reset-password/confirm': { status: 204 } });
    const user = userEvent.setup();
    const { router } = renderRoute('/redefinir-senha?token=abc123');
    await user.type(await screen.findByLabelText('Nova senha'), 'Nova1234');
    expect(screen.getByTestId('password-strength').textContent).toBe('Muito forte');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'Nova1234');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls('POST /api/auth/reset-password/confirm')[0]?.body).toEqual({
      token: 'abc123',
      password: 'Nova1234',
    });
    expect(
      await screen.findByText('Senha redefinida com sucesso. Entre com a nova senha.'),
    ).toBeInTheDocument();
  });

  it('requires matching passwords', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderRoute('/redefinir-senha?token=abc123');
    await fill(user, 'Nova1234', 'Nova12345');
    expect(await screen.findByText('As senhas não coincidem')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/reset-password/confirm')).toHaveLength(0);
  });

  it("shows the server's message for a spent or expired link, with a way back to login", async () => {
    stubApi({
      'POST /api/auth/reset-password/confirm': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Link inválido ou expirado' },
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/redefinir-senha?token=spent');
    await fill(user, 'Nova1234');
    expect(await screen.findByText('Link inválido ou expirado')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/redefinir-senha');
    expect(screen.getAllByRole('link', { name: 'Voltar para o login' })[0]?.getAttribute('href')).toBe(
      '/login',
    );
  });

  it('says the link is invalid when it carries no token', async () => {
    stubApi({});
    renderRoute('/redefinir-senha');
    expect(await screen.findByText(/Link inválido ou expirado/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Nova senha')).toBeNull();
  });
});

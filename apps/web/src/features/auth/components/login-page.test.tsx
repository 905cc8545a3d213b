import { setupStatusResponseSchema } from '@funil/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiUser, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

const WRONG = {
  status: 401,
  body: { statusCode: 401, error: 'Unauthorized', message: 'Credenciais inválidas' },
};

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, password = 'secret123') {
  const email = screen.getByLabelText('Email');
  const passwordInput = screen.getByLabelText('Senha');
  await user.clear(email);
  await user.type(email, 'ana@empresa.com.br');
  await user.clear(passwordInput);
  await user.type(passwordInput, password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('login page', () => {
  beforeEach(() => {
    stubApi({});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('renders in pt-BR by default', async () => {
    renderRoute('/login');

    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
    screen.getByLabelText('Email');
    screen.getByLabelText('Senha');
    screen.getByRole('checkbox', { name: 'Lembrar de mim' });
    screen.getByRole('button', { name: 'Entrar' });
    screen.getByRole('button', { name: 'Esqueceu a senha?' });
    // Google sign-in is offered only when the server says it is configured.
    expect(screen.queryByRole('button', { name: 'Entrar com Google' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe('/register');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('switches to English at once from the language switcher', async () => {
    const user = userEvent.setup();
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });

    const switcher = screen.getByRole('group', { name: 'Idioma' });
    await user.click(within(switcher).getByRole('button', { name: 'English' }));

    await screen.findByRole('heading', { name: 'Welcome back' });
    screen.getByRole('button', { name: 'Sign in' });
    screen.getByLabelText('Password');
    const english = within(screen.getByRole('group', { name: 'Language' })).getByRole('button', {
      name: 'English',
    });
    expect(english.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('serves the same screen on / and /secure-login', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
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

    await screen.findByText('Email inválido');
    screen.getByText('Senha deve ter no mínimo 6 caracteres');
  });

  it('shows the session-expired notice left by a 401 on every landing until the user signs in again', async () => {
    stubApi({ 'POST /api/auth/login': { body: { access_token: 'jwt-1', user: apiUser() } } });
    sessionStorage.setItem(STORAGE_KEYS.authFlash, 'session_expired');
    const first = renderRoute('/login');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sessão expirada. Faça login novamente.',
    );
    first.unmount();

    // A reload of /login, or a link followed after the session ended: the page still says why.
    const { router } = renderRoute('/login');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sessão expirada. Faça login novamente.',
    );

    await fillAndSubmit(userEvent.setup());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sessionStorage.getItem(STORAGE_KEYS.authFlash)).toBeNull();
  });

  it('sends a signed-in user to the dashboard', async () => {
    stubApi({ 'GET /api/auth/me': { body: apiUser() } });
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    const { router } = renderRoute('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Bem-vindo de volta' })).toBeNull();
  });

  it('signs in, stores the session and goes to /dashboard', async () => {
    const api = stubApi({ 'POST /api/auth/login': { body: { access_token: 'jwt-1', user: apiUser() } } });
    const user = userEvent.setup();
    const { router } = renderRoute('/login');
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
    await fillAndSubmit(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.calls('POST /api/auth/login')[0]?.body).toEqual({
      email: 'ana@empresa.com.br',
      password: 'secret123',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      email: 'ana@empresa.com.br',
    });
    // The user came with the login answer: no extra me call.
    expect(api.calls('GET /api/auth/me')).toHaveLength(0);
  });

  it('counts failed attempts in orange, then blocks the form from the 5th and says too many', async () => {
    stubApi({ 'POST /api/auth/login': WRONG });
    const user = userEvent.setup();
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await fillAndSubmit(user, `wrong-${attempt}`);
      await screen.findByText(`Tentativa ${attempt} de 5`);
      screen.getByText('Credenciais inválidas');
    }
    await fillAndSubmit(user, 'wrong-5');

    const blocked = await screen.findByRole('button', { name: 'Bloqueado temporariamente' });
    expect(blocked.hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('Email').hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('Senha').hasAttribute('disabled')).toBe(true);
    screen.getByText('Muitas tentativas de login. Aguarde 5 minutos e tente novamente.');
    expect(screen.queryByText(/Tentativa \d de 5/)).toBeNull();
  });

  it('unblocks the form when the 5-minute timer ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ 'POST /api/auth/login': WRONG });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
    for (let attempt = 1; attempt <= 5; attempt += 1) await fillAndSubmit(user, `wrong-${attempt}`);
    await screen.findByRole('button', { name: 'Bloqueado temporariamente' });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(300_000);
    });
    const submit = await screen.findByRole('button', { name: 'Entrar' });
    expect(submit.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Muitas tentativas de login. Aguarde 5 minutos e tente novamente.')).toBeNull();
  });

  it("shows the server's throttling message (429)", async () => {
    stubApi({
      'POST /api/auth/login': {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Muitas tentativas. Tente novamente mais tarde.',
        },
      },
    });
    const user = userEvent.setup();
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
    await fillAndSubmit(user);
    await screen.findByText('Muitas tentativas. Tente novamente mais tarde.');
  });

  it('falls back to "Credenciais inválidas" when the server gives no message', async () => {
    stubApi({ 'POST /api/auth/login': { status: 401, body: {} } });
    const user = userEvent.setup();
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
    await fillAndSubmit(user);
    await screen.findByText('Credenciais inválidas');
  });

  describe('first-account notice', () => {
    const setupStatus = (hasUsers: boolean) => ({
      body: setupStatusResponseSchema.parse({ has_users: hasUsers }),
    });
    const noticeText = 'A primeira conta cadastrada se torna a administradora do Funil';

    it('says, on an installation without accounts, that the first one becomes the administrator', async () => {
      const api = stubApi({ 'GET /api/auth/setup': setupStatus(false) });
      const user = userEvent.setup();
      const { router } = renderRoute('/login');

      const notice = await screen.findByRole('status', { name: 'Instalação nova' });
      expect(notice.textContent).toContain(noticeText);
      expect(api.calls('GET /api/auth/setup')).toHaveLength(1);

      await user.click(within(notice).getByRole('link', { name: 'Criar a conta de administrador' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    });

    it('reads in the interface language', async () => {
      stubApi({ 'GET /api/auth/setup': setupStatus(false) });
      await i18n.changeLanguage('es');
      renderRoute('/login');

      const notice = await screen.findByRole('status', { name: 'Instalación nueva' });
      expect(notice.textContent).toContain('La primera cuenta que se registre será la administradora');
      within(notice).getByRole('link', { name: 'Crear la cuenta de administrador' });
    });

    it('stays silent once an account exists', async () => {
      const api = stubApi({ 'GET /api/auth/setup': setupStatus(true) });
      renderRoute('/login');
      await screen.findByRole('heading', { name: 'Bem-vindo de volta' });

      await waitFor(() => expect(api.calls('GET /api/auth/setup')).toHaveLength(1));
      // The answer has been rendered once the query settles; nothing may appear after it.
      await act(async () => {});
      expect(screen.queryByRole('status', { name: 'Instalação nova' })).toBeNull();
      expect(screen.queryByText(noticeText, { exact: false })).toBeNull();
    });
  });

  describe('forgot-password dialog', () => {
    async function openDialog(user: ReturnType<typeof userEvent.setup>) {
      renderRoute('/login');
      await user.click(await screen.findByRole('button', { name: 'Esqueceu a senha?' }));
      return screen.findByRole('dialog', { name: 'Esqueceu a senha?' });
    }

    it('sends, disables the field with a spinner, confirms a link was sent and closes after 3 s', async () => {
      let release: () => void = () => undefined;
      const api = stubApi({
        'POST /api/auth/reset-password': () =>
          new Promise((resolve) => {
            release = () =>
              resolve({
                status: 202,
                body: { message: 'Se o email estiver cadastrado, enviaremos as instruções.' },
              });
          }),
      });
      const user = userEvent.setup();
      const dialog = await openDialog(user);
      await user.type(within(dialog).getByLabelText('Email'), 'ana@empresa.com.br');
      await user.click(within(dialog).getByRole('button', { name: 'Enviar link' }));

      const sending = await within(dialog).findByRole('button', { name: 'Enviando...' });
      expect(sending.hasAttribute('disabled')).toBe(true);
      expect(within(dialog).getByLabelText('Email').hasAttribute('disabled')).toBe(true);
      expect(api.calls('POST /api/auth/reset-password')[0]?.body).toEqual({ email: 'ana@empresa.com.br' });

      vi.useFakeTimers({ shouldAdvanceTime: true });
      await act(async () => release());
      await within(dialog).findByText(/link para redefinir a senha/);
      expect(within(dialog).getByRole('button', { name: 'Enviado' }).hasAttribute('disabled')).toBe(true);
      expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('');

      await act(async () => {
        await vi.advanceTimersByTimeAsync(3000);
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      // Reopened, it starts over: no success message, 'Enviar link' again.
      await user.click(screen.getByRole('button', { name: 'Esqueceu a senha?' }));
      const reopened = await screen.findByRole('dialog', { name: 'Esqueceu a senha?' });
      within(reopened).getByRole('button', { name: 'Enviar link' });
      expect(within(reopened).queryByText(/link para redefinir a senha/)).toBeNull();
    });

    it('validates the email', async () => {
      const api = stubApi({});
      const user = userEvent.setup();
      const dialog = await openDialog(user);
      await user.type(within(dialog).getByLabelText('Email'), 'nope');
      await user.click(within(dialog).getByRole('button', { name: 'Enviar link' }));
      await within(dialog).findByText('Email inválido');
      expect(api.calls('POST /api/auth/reset-password')).toHaveLength(0);
    });

    it("shows the server's error, and closing clears it", async () => {
      stubApi({
        'POST /api/auth/reset-password': {
          status: 429,
          body: {
            statusCode: 429,
            error: 'Too Many Requests',
            message: 'Muitas requisições. Tente novamente mais tarde.',
          },
        },
      });
      const user = userEvent.setup();
      let dialog = await openDialog(user);
      await user.type(within(dialog).getByLabelText('Email'), 'ana@empresa.com.br');
      await user.click(within(dialog).getByRole('button', { name: 'Enviar link' }));
      await within(dialog).findByText('Muitas requisições. Tente novamente mais tarde.');

      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Esqueceu a senha?' }));
      dialog = await screen.findByRole('dialog', { name: 'Esqueceu a senha?' });
      expect(within(dialog).queryByText('Muitas requisições. Tente novamente mais tarde.')).toBeNull();
      expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    });
  });

  describe('Google sign-in', () => {
    const config = {
      enabled: true,
      client_id: 'client-1',
      authorize_url: 'https://accounts.example.com/auth?client_id=client-1',
    };

    it('opens the provider in a popup and signs in with the code from the same origin only', async () => {
      const api = stubApi({
        'GET /api/auth/google/config': { body: config },
        'POST /api/auth/google': { body: { access_token: 'jwt-g', user: apiUser() } },
      });
      const popup = { closed: false } as Window;
      const open = vi.spyOn(window, 'open').mockReturnValue(popup);
      const user = userEvent.setup();
      const { router } = renderRoute('/login');

      await user.click(await screen.findByRole('button', { name: 'Entrar com Google' }));
      expect(open).toHaveBeenCalledWith(config.authorize_url, expect.any(String), expect.any(String));

      // A message from another origin is ignored.
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.example',
          data: { type: 'GOOGLE_AUTH_SUCCESS', code: 'forged' },
        }),
      );
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'GOOGLE_AUTH_SUCCESS', code: 'good-code' },
        }),
      );

      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      const posts = api.calls('POST /api/auth/google');
      expect(posts).toHaveLength(1);
      expect(posts[0]?.body).toEqual({
        code: 'good-code',
        redirect_uri: `${window.location.origin}/auth/callback`,
      });
      open.mockRestore();
    });
  });
});

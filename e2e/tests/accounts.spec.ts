import { readdir, readFile, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { useFreshInstallation } from '../support/fresh-installation';
import { visibleToast } from '../support/toast';
import { registerByApi } from '../support/session';

/**
 * Accounts journeys in the browser, on an installation of their own. The administrator is made in
 * beforeAll (the first account registered becomes one), so it exists whichever test runs, and
 * every test makes the other accounts it needs: any of them passes alone (`-g`). The first
 * visitor's own journey is in first-account.spec.ts.
 */
const { test, installation } = useFreshInstallation();

const stamp = Date.now();
const admin = { name: 'Ana Administradora', email: `admin-${stamp}@empresa.com.br`, password: 'Inicial123' };

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: installation.baseURL });
  const session = await registerByApi(request, admin);
  await request.dispose();
  expect(session.user.roles).toEqual(['admin']);
});

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** SMTP_URL is unset in e2e, so the server writes each mail as an .eml file in DATA_DIR/outbox. */
async function newestResetLink(recipient: string, sentAfter: number): Promise<string> {
  const outbox = join(installation.dataDir, 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        const emls = files.filter((file) => file.endsWith('.eml')).sort();
        const newest = emls.at(-1);
        if (!newest) return undefined;
        // Only a mail written after the request counts (an older one may hold a spent link).
        if ((await stat(join(outbox, newest))).mtimeMs < sentAfter - 1000) return undefined;
        const raw = await readFile(join(outbox, newest), 'utf8');
        if (!raw.includes(recipient)) return undefined;
        // Quoted-printable: soft line breaks and =XX escapes.
        const text = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        link = /https?:\/\/[^\s"<>]+\/redefinir-senha\?token=[^\s"<>&]+/.exec(text)?.[0];
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

type ManifestChunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };

/**
 * The signed-in app's JavaScript files, from the build's manifest: every file a signed-in screen
 * (or the layout around them) needs that neither the entry nor a sign-in screen needs.
 */
function signedInFiles(): string[] {
  const manifestFile = resolve(import.meta.dirname, '../../apps/web/dist/.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const publicScreens = ['login', 'register', 'reset-password', 'auth-callback', 'not-found'].map(
    (name) => `src/app/routes/${name}.tsx`,
  );
  // What a signed-out visitor may fetch besides: the toasts, the login form's checks, the reset dialog.
  const onDemand = [
    'src/components/ui/sonner.tsx',
    'src/features/auth/utils/login-form-schema.ts',
    'src/features/auth/components/forgot-password-dialog.tsx',
  ];
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const shared = closure([...entry, ...publicScreens, ...onDemand]);
  const screens = Object.keys(manifest).filter(
    (key) =>
      key.startsWith('src/app/routes/') && manifest[key]?.isDynamicEntry && !publicScreens.includes(key),
  );
  expect(screens).toContain('src/app/routes/protected-layout.tsx');
  expect(screens).toContain('src/app/routes/dashboard.tsx');
  return [...closure(screens)].filter((key) => !shared.has(key)).map((key) => manifest[key]!.file);
}

test('a signed-out visit to a guarded page shows the login at once and fetches none of the signed-in app', async ({
  page,
}) => {
  const forbidden = signedInFiles();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.slice(1));
  });

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((file) => forbidden.includes(file))).toEqual([]);

  // Signing in from there fetches the board's code then, and shows it.
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Senha', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Frio', exact: true })).toBeVisible();
  expect(scripts.some((file) => forbidden.includes(file))).toBe(true);
});

async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

test('logs out to /login, clearing the session, and signs in again', async ({ page }) => {
  await signInThroughForm(page, admin.email, admin.password);
  await page.getByRole('button', { name: 'Sair' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
  // A signed-out visitor is sent back to /login from a guarded route.
  await page.goto('/seguranca/usuarios');
  await expect(page).toHaveURL(/\/login$/);
});

test('locks the form after five wrong passwords', async ({ page, request }) => {
  const victim = { name: 'Bruna Bloqueada', email: `bruna-${stamp}@empresa.com.br`, password: 'Correta123' };
  await registerByApi(request, victim);

  await page.goto('/login');
  await page.getByLabel('Email').fill(victim.email);
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await page.getByLabel('Senha', { exact: true }).fill(`errada-${attempt}`);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText(`Tentativa ${attempt} de 5`)).toBeVisible();
    await expect(page.getByText('Credenciais inválidas')).toBeVisible();
  }
  await page.getByLabel('Senha', { exact: true }).fill('errada-5');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  await expect(page.getByRole('button', { name: 'Bloqueado temporariamente' })).toBeDisabled();
  await expect(
    page.getByText('Muitas tentativas de login. Aguarde 5 minutos e tente novamente.'),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('Senha', { exact: true })).toBeDisabled();
});

test('resets the password through the emailed link and signs in with the new one', async ({
  page,
  request,
}) => {
  const forgetful = { name: 'Rita Redefinida', email: `rita-${stamp}@empresa.com.br`, password: 'Antiga123' };
  const newPassword = 'Renovada456';
  await registerByApi(request, forgetful);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Esqueceu a senha?' });
  await dialog.getByLabel('Email').fill(forgetful.email);
  const sentAfter = Date.now();
  await dialog.getByRole('button', { name: 'Enviar link' }).click();
  await expect(dialog.getByRole('button', { name: 'Enviado' })).toBeDisabled();
  await expect(dialog.getByText(/link para redefinir a senha/)).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 6_000 });

  const link = await newestResetLink(forgetful.email, sentAfter);
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmar nova senha').fill(newPassword);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Senha redefinida com sucesso. Entre com a nova senha.')).toBeVisible();

  // The link is spent.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('Nova senha', { exact: true }).fill('Outra1234');
  await page.getByLabel('Confirmar nova senha').fill('Outra1234');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Link inválido ou expirado')).toBeVisible();

  await signInThroughForm(page, forgetful.email, newPassword);
});

test('an admin creates a comercial user, who then signs in', async ({ page }) => {
  const seller = { name: 'Carlos Comercial', email: `carlos-${stamp}@empresa.com.br`, password: 'Vendas789' };
  await signInThroughForm(page, admin.email, admin.password);
  await page.goto('/seguranca/usuarios');
  await expect(page.getByRole('table', { name: 'Usuários' }).getByText(admin.email)).toBeVisible();

  await page.getByRole('button', { name: 'Novo Usuário' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo Usuário' });
  await dialog.getByLabel('Nome').fill(seller.name);
  await dialog.getByLabel('Email').fill(seller.email);
  await dialog.getByLabel('Senha').fill(seller.password);
  await dialog.getByRole('checkbox', { name: 'Usuário' }).click();
  await dialog.getByRole('checkbox', { name: 'Comercial' }).click();
  await dialog.getByRole('button', { name: 'Criar usuário' }).click();

  await expect(visibleToast(page, 'Usuário criado com sucesso.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: seller.email });
  await page.getByRole('searchbox').fill('carlos');
  await expect(row).toContainText('Comercial');
  await expect(row).toContainText('Ativo');

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, seller.email, seller.password);

  // Not an admin: the list shows, but no create or edit.
  await page.goto('/seguranca/usuarios');
  await expect(page.getByRole('table', { name: 'Usuários' }).getByText(seller.email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo Usuário' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar / })).toHaveCount(0);
});

test('a revoked token sends the browser to /login with the session-expired message', async ({
  page,
  request,
}) => {
  // The tab's live stream hears of the revocation too and may reach /login before the navigation
  // below does: either way the session ends once, and the login page says why.
  await signInThroughForm(page, admin.email, admin.password);
  const token = await storedToken(page);

  // The session ends elsewhere (another tab, an admin, a password reset): the token is revoked.
  const logout = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(204);

  await page.goto('/seguranca/usuarios');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Sessão expirada. Faça login novamente.').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a session ended elsewhere sends an open tab to /login at once, through its live-update stream', async ({
  page,
  request,
}) => {
  await signInThroughForm(page, admin.email, admin.password);
  await expect(page.locator('html[data-live-updates="open"]')).toBeAttached();
  const token = await storedToken(page);

  const logout = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(204);

  // No click, no navigation: the stream ends with the session, and its reconnection is refused.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Sessão expirada. Faça login novamente.').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The user's own next step lands on /login again (a link, a reload): it still says why, until
  // the user signs in again (and is taken where they were going).
  await page.goto('/seguranca/usuarios');
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Sessão expirada. Faça login novamente.' }),
  ).toBeVisible();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Senha', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/seguranca\/usuarios$/);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Bem-vindo de volta' })).toBeVisible();
  await expect(page.getByText('Sessão expirada. Faça login novamente.')).toHaveCount(0);
});

import { expect, test } from '@playwright/test';

test.describe('the app as `npm start` serves it', () => {
  test('answers /api/health on the embedded database', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', db: 'pglite' });
  });

  test('answers unknown /api routes with JSON 404', async ({ request }) => {
    const response = await request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Rota não encontrada' });
  });

  test('serves the SPA on deep links and shows the not-found page for unknown routes', async ({ page }) => {
    const response = await page.goto('/uma/rota/que/nao/existe');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /início|home|inicio/i })).toBeVisible();
  });
});

test.describe('login route in the browser', () => {
  test('renders in pt-BR, then in English after the language changes, and keeps it on reload', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Bem-vindo de volta' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
  });

  test('sends a visitor without a session from a guarded route to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Bem-vindo de volta' })).toBeVisible();
  });

  test('ends an expired stored session at once: the login says so, and no signed-in code or call is fetched', async ({
    page,
  }) => {
    // A token as the server signs them (header.payload.signature), whose exp is an hour ago.
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const expiredAt = Math.floor(Date.now() / 1000) - 3600;
    const token = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u', sid: 's', exp: expiredAt })}.c2ln`;
    await page.addInitScript((stored) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', stored);
        localStorage.setItem('user', JSON.stringify({ id: 'u', name: 'Ana' }));
        sessionStorage.setItem('seeded', '1');
      }
    }, token);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));

    await page.goto('/dashboard');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sessão expirada. Faça login novamente.').first()).toBeVisible();
    expect(
      fetched.filter((path) =>
        /^\/assets\/(protected-layout|dashboard)-|^\/api\/(auth\/me|leads)/.test(path),
      ),
    ).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

import { expect, test, type Page } from '@playwright/test';
import { loginByApi, registerByApi, type Session, signInWithSession } from '../support/session';

// One account for the file: on the shared server it may or may not be the first (and so admin); any works here.
const account = {
  name: 'Maria da Silva',
  email: `shell-${Date.now()}@empresa.com.br`,
  password: 'Senha123',
};
let session: Session;

test.beforeAll(async ({ request }) => {
  session = await registerByApi(request, account);
});

const signIn = (page: Page, as: Session = session) => signInWithSession(page, as);

const sidebar = (page: Page) => page.locator('[data-slot="sidebar"]').first();

test('shows the shell: menu, breadcrumbs, title, and the signed-in user', async ({ page }) => {
  await signIn(page);
  await page.goto('/configuracoes/verticais');

  await expect(page.getByRole('heading', { level: 1, name: 'Verticais' })).toBeVisible();
  const trail = page.getByRole('navigation', { name: 'Trilha de navegação' });
  await expect(trail.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(trail.getByRole('link', { name: 'Configurações' })).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Verticais' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('user-block')).toContainText('Maria da Silva');
  await expect(page.getByTestId('user-block')).toContainText(account.email);
  await expect(page.getByTestId('user-block')).toContainText('MD');

  await menu.getByRole('link', { name: 'Idioma' }).click();
  await expect(page).toHaveURL(/\/configuracoes\/idioma$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Idioma' })).toBeVisible();
});

test('toggles the sidebar with Ctrl+B and keeps the state across a reload', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');

  await page.keyboard.press('Control+b');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
  expect(await page.evaluate(() => localStorage.getItem('sidebar_open'))).toBe('false');
  const cookies = await page.context().cookies();
  const cookie = cookies.find((entry) => entry.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  // The cookie lives 7 days (SIDEBAR_COOKIE_MAX_AGE_S), give or take the seconds the test took.
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(604_800 - 60);

  await page.reload();
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');

  await page.keyboard.press('Control+b');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  expect(await page.evaluate(() => localStorage.getItem('sidebar_open'))).toBe('true');
});

test('switches to English on the language page and the menu follows at once', async ({ page }) => {
  await signIn(page);
  await page.goto('/configuracoes/idioma');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Gerenciar Marcas' })).toBeVisible();

  await page.getByRole('button', { name: /English/ }).click();
  await expect(page.getByText('Language changed to English')).toBeVisible();
  const englishMenu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(englishMenu.getByRole('link', { name: 'Manage Brands' })).toBeVisible();
  await expect(englishMenu.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
  // Still reais: only the separators follow the language (docs/decisions/001-money-always-brl.md).
  await expect(page.getByTestId('language-preview-money')).toHaveText('R$1,234,567.89');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('switches to the dark theme and keeps it after a reload', async ({ page }) => {
  await signIn(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/dashboard');
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Ativar tema escuro' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('dark');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Ativar tema claro' })).toBeVisible();
});

test('moves nothing for someone whose system asks for reduced motion', async ({ page }) => {
  const transitionSeconds = (element: Element) =>
    Number.parseFloat(getComputedStyle(element).transitionDuration);
  await signIn(page);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  await page.goto('/dashboard');
  const toggle = page.getByRole('button', { name: 'Ativar tema escuro' });
  expect(await toggle.evaluate(transitionSeconds)).toBeGreaterThan(0.05);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await toggle.evaluate(transitionSeconds)).toBeLessThan(0.001);
});

test('opens the menu as a drawer at 375px wide and navigates with it', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline de Oportunidades' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Alternar menu lateral' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu principal' });
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box?.width).toBeCloseTo(288, 0); // 18rem

  await drawer.getByRole('link', { name: 'Plataformas' }).click();
  await expect(page).toHaveURL(/\/configuracoes\/plataformas$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Plataformas' })).toBeVisible();
});

test('logs out from the user block and lands on /login', async ({ page, request }) => {
  // A session of its own: logging out revokes the token on the server, and the others still use theirs.
  await signIn(page, await loginByApi(request, { email: account.email, password: account.password }));
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('offers fullscreen on the dashboard only, and leaves it again', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Entrar em tela cheia' }).click();
  await expect(page.getByRole('button', { name: 'Sair da tela cheia' })).toBeVisible();
  expect(await page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
  await page.getByRole('button', { name: 'Sair da tela cheia' }).click();
  await expect(page.getByRole('button', { name: 'Entrar em tela cheia' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Idioma' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Idioma' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar em tela cheia' })).toHaveCount(0);
});

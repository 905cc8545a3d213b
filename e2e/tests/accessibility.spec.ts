import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityFindings } from '../support/axe';
import { useFreshInstallation } from '../support/fresh-installation';
import { bearer, registerByApi, type Session, signInWithSession } from '../support/session';

/**
 * axe over every screen, in the light and the dark theme. Its own installation, so the lists show
 * rows (status badges included) that this file made, whatever ran before.
 */
const { test, installation } = useFreshInstallation();
let admin: Session;

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: installation.baseURL });
  admin = await registerByApi(request, {
    name: 'Ana Acessivel',
    email: 'acessibilidade@empresa.com.br',
    password: 'Acesso123',
  });
  for (const catalogue of ['verticals', 'quotas', 'platforms']) {
    const created = await request.post(`/api/${catalogue}`, {
      headers: bearer(admin),
      data: { name: `contraste ${catalogue}`, label: 'item ativo' },
    });
    expect(created.status(), catalogue).toBe(201);
  }
  await request.dispose();
});

type Screen = { name: string; path: string; signedIn: boolean; ready: (page: Page) => Promise<void> };

const pageTitle = (title: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
};
/** A list is ready once its rows, with their status badge, are on screen. */
const listWithRows = (title: string, table: string) => async (page: Page) => {
  await pageTitle(title)(page);
  await expect(page.getByRole('table', { name: table }).getByText('Ativo').first()).toBeVisible();
};

const screens: Screen[] = [
  {
    name: 'login',
    path: '/login',
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Bem-vindo de volta' })).toBeVisible();
    },
  },
  {
    name: 'register',
    path: '/register',
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
    },
  },
  { name: 'dashboard', path: '/dashboard', signedIn: true, ready: pageTitle('Pipeline de Oportunidades') },
  { name: 'brands list', path: '/marcas/gerenciar', signedIn: true, ready: pageTitle('Gerenciar Marcas') },
  { name: 'brand create', path: '/marcas/criar', signedIn: true, ready: pageTitle('Nova Marca') },
  {
    name: 'verticals',
    path: '/configuracoes/verticais',
    signedIn: true,
    ready: listWithRows('Verticais', 'Verticais'),
  },
  {
    name: 'quota types',
    path: '/configuracoes/tipos-cotas',
    signedIn: true,
    ready: listWithRows('Tipos de Cotas', 'Tipos de Cotas'),
  },
  {
    name: 'platforms',
    path: '/configuracoes/plataformas',
    signedIn: true,
    ready: listWithRows('Plataformas', 'Plataformas'),
  },
  { name: 'language', path: '/configuracoes/idioma', signedIn: true, ready: pageTitle('Idioma') },
  { name: 'users', path: '/seguranca/usuarios', signedIn: true, ready: listWithRows('Usuários', 'Usuários') },
  {
    name: 'not found',
    path: '/esta-pagina-nao-existe',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    },
  },
];

for (const theme of ['light', 'dark'] as const) {
  for (const screen of screens) {
    test(`${screen.name} has no serious accessibility finding in the ${theme} theme`, async ({ page }) => {
      // The app follows the system theme until the user picks one.
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      if (screen.signedIn) await signInWithSession(page, admin);
      await page.goto(screen.path);
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      await screen.ready(page);

      await expectNoSeriousAccessibilityFindings(page, `${screen.name} (${theme})`);
    });
  }
}

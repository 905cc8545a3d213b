import { expect } from '@playwright/test';
import { expectNoSeriousAccessibilityFindings } from '../support/axe';
import { useFreshInstallation } from '../support/fresh-installation';

/**
 * What the first visitor of a brand-new installation sees: the login page says that the first
 * account registered becomes the administrator, and links to the registration (docs/api.md,
 * Roles). Its own installation: nobody may have registered before it.
 */
const { test } = useFreshInstallation();

const admin = { name: 'Ana Administradora', email: 'primeira@empresa.com.br', password: 'Inicial123' };

test('a fresh installation invites its first visitor to register, and that account becomes administrator', async ({
  page,
}) => {
  await page.goto('/login');
  const notice = page.getByRole('status', { name: 'Instalação nova' });
  await expect(notice).toContainText('A primeira conta cadastrada se torna a administradora do Funil.');
  await expectNoSeriousAccessibilityFindings(page, 'login page with the first-account notice');

  await notice.getByRole('link', { name: 'Criar a conta de administrador' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Nome completo').fill(admin.name);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Senha', { exact: true }).fill(admin.password);
  await expect(page.getByTestId('password-strength')).toHaveText('Muito forte');
  await page.getByLabel('Confirmar senha').fill(admin.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-block')).toContainText(admin.name);
  const user = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? '{}') as { roles?: string[] },
  );
  expect(user.roles).toEqual(['admin']);

  // Now that an account exists, the login page asks again and says nothing about it.
  const setupAnswer = page.waitForResponse((response) => response.url().endsWith('/api/auth/setup'));
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await (await setupAnswer).json()).toEqual({ has_users: true });
  await expect(page.getByRole('heading', { name: 'Bem-vindo de volta' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Instalação nova' })).toHaveCount(0);
});

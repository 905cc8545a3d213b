import { expect } from '@playwright/test';
import { useFreshInstallation } from '../support/fresh-installation';
import { createBrand, createCatalogue, createLead } from '../support/pipeline-data';
import { registerFirstAdmin, signInWithSession } from '../support/session';
import { visibleToast } from '../support/toast';

// Two cards from two columns moved together with the bulk bar, and put back with the toast's
// "Desfazer", on an installation of its own.
const { test } = useFreshInstallation();

test('two cards selected and moved to Quente with the bulk bar; "Desfazer" puts each back in its column', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await registerFirstAdmin(request);
  const catalogue = await createCatalogue(request, admin);
  for (const [name, cnpj, contract_status] of [
    ['Café Serra Azul', '11.222.333/0001-81', 'frio'],
    ['Banco Azul', '45.997.418/0001-53', 'morno'],
  ] as const) {
    const brand = await createBrand(request, admin, name, cnpj);
    await createLead(request, admin, brand.id, catalogue, contract_status);
  }
  await signInWithSession(page, admin);
  await page.goto('/dashboard');

  const column = (name: string) => page.getByRole('region', { name, exact: true });
  const card = (name: string) => page.getByRole('group', { name, exact: true });
  await expect(column('Frio').getByRole('group', { name: 'Café Serra Azul' })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Selecionar Café Serra Azul' }).click();
  await page.getByRole('checkbox', { name: 'Selecionar Banco Azul' }).click();
  const bar = page.getByRole('region', { name: 'Ações em massa' });
  await expect(bar.getByText('2 selecionadas')).toBeVisible();
  await expect(card('Café Serra Azul')).toHaveAttribute('data-selected', 'true');

  const moved = page.waitForResponse((response) => response.url().endsWith('/api/leads/bulk'));
  await bar.getByRole('button', { name: 'Mover para…' }).click();
  await page.getByRole('menuitem', { name: 'Quente', exact: true }).click();
  expect((await moved).status()).toBe(200);

  await expect(column('Quente').getByRole('group', { name: 'Café Serra Azul' })).toBeVisible();
  await expect(column('Quente').getByRole('group', { name: 'Banco Azul' })).toBeVisible();
  await expect(column('Frio').getByRole('group', { name: 'Café Serra Azul' })).toBeHidden();
  await expect(bar).toBeHidden();

  const toast = visibleToast(page, '2 oportunidades movidas para Quente');
  await toast.getByRole('button', { name: 'Desfazer' }).click();

  await expect(visibleToast(page, 'Movimentação desfeita')).toBeVisible();
  await expect(column('Frio').getByRole('group', { name: 'Café Serra Azul' })).toBeVisible();
  await expect(column('Morno').getByRole('group', { name: 'Banco Azul' })).toBeVisible();
  await expect(column('Quente').getByRole('group')).toHaveCount(0);
});

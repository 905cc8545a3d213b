import { expect } from '@playwright/test';
import { useFreshInstallation } from '../support/fresh-installation';
import { createBrand, createCatalogue, createLead } from '../support/pipeline-data';
import { registerFirstAdmin, signInWithSession } from '../support/session';

// A deal lost with its reason, as a seller records it on the board and a manager reads it in the
// report, on an installation of its own.
const { test } = useFreshInstallation();

test('a lead moved to Declinado with a reason: the history keeps it and the report counts it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await registerFirstAdmin(request);
  const brand = await createBrand(request, admin, 'Café Serra Azul', '11.222.333/0001-81');
  await createLead(request, admin, brand.id, await createCatalogue(request, admin), 'quente');
  await signInWithSession(page, admin);

  // The card's menu moves it; the card lands at once and the reason is asked for.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Mover Café Serra Azul para outra coluna' }).click();
  await page.getByRole('menuitem', { name: 'Declinado', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Por que a oportunidade foi perdida?' });
  // (The board behind the dialog is hidden from assistive technology while it is open.)
  await expect(dialog.getByText('Café Serra Azul foi para Declinado.', { exact: false })).toBeVisible();
  await dialog.getByLabel('Motivo').fill('A marca cortou a verba de patrocínio');
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/api/leads/'),
  );
  await dialog.getByRole('button', { name: 'Salvar motivo' }).click();
  expect((await saved).status()).toBe(200);
  const declinado = page.getByRole('region', { name: 'Declinado', exact: true });
  await expect(declinado.getByRole('group', { name: 'Café Serra Azul', exact: true })).toBeVisible();

  // The history, in the lead's details.
  await page.getByRole('button', { name: 'Mover Café Serra Azul para outra coluna' }).click();
  await page.getByRole('menuitem', { name: 'Ver detalhes de Café Serra Azul' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('A marca cortou a verba de patrocínio')).toBeVisible();
  await page.keyboard.press('Escape');

  // The report of this year: one lost deal, its credit and its reason, in the tables under the charts.
  await page.getByRole('link', { name: 'Relatórios' }).click();
  const reasons = page.getByRole('table').filter({ hasText: 'Motivo' });
  await expect(reasons.getByRole('row', { name: /A marca cortou a verba de patrocínio\s+1/ })).toBeVisible();
  // This month's row: created 1, won 0 (R$ 0), lost 1 (R$ 150.000), conversion 0%.
  await expect(page.getByRole('row', { name: /\b1 0 R\$\s0 1 R\$\s150\.000 0%/ })).toBeVisible();
});

import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { useFreshInstallation } from '../support/fresh-installation';
import { type Catalogue, createBrand, createCatalogue } from '../support/pipeline-data';
import { createByApi, registerFirstAdmin, signInWithSession, type Session } from '../support/session';
import { visibleToast } from '../support/toast';
import { card, column, dragCard } from '../support/board';

// The pipeline as a sales team lives it, on an installation of its own: a lead created from a
// brand row, moved with the mouse and with the keyboard, filtered, scrolled, listed and edited.
const { test } = useFreshInstallation();

/** Many leads at once, as a team's backlog: what the board must page through. */
async function createLeads(
  request: APIRequestContext,
  admin: Session,
  brandId: string,
  catalogue: Catalogue,
  count: number,
  extra: Record<string, unknown> = {},
) {
  for (let start = 0; start < count; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, (_, offset) =>
        createByApi(request, admin, '/api/leads', {
          brand_id: brandId,
          assessment: `Lote ${start + offset + 1}`,
          ...catalogue,
          prospectus_year: 2027,
          contract_status: 'morno',
          credit: 100,
          invest: 10,
          ...extra,
        }),
      ),
    );
  }
}

const count = (page: Page, label: string) => column(page, label).getByLabel(new RegExp(`^${label}: `));

test('the pipeline: create, drag with mouse and keyboard, filter, scroll, list and edit', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await registerFirstAdmin(request);
  const catalogue = await createCatalogue(request, admin);
  await createBrand(request, admin, 'Café Serra Azul', '11.222.333/0001-81');
  const teclado = await createBrand(request, admin, 'Teclado Ltda', '11.444.777/0001-61');
  const backlog = await createBrand(request, admin, 'Acervo', '45.997.418/0001-53');
  await createLeads(request, admin, teclado.id, catalogue, 1, {
    contract_status: 'frio',
    credit: 2500,
    franchises: ['Recife'],
  });
  await createLeads(request, admin, backlog.id, catalogue, 300, { franchises: ['Salvador'] });
  await signInWithSession(page, admin);

  // A lead from a brand row: the dialog, its toast, and the card on the board.
  await page.goto('/marcas/gerenciar');
  await page.getByRole('button', { name: 'Criar oportunidade para Café Serra Azul' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova oportunidade' });
  await dialog.getByLabel('Apuração').fill('1º trimestre');
  for (const [field, option] of [
    ['Vertical', 'ESPORTES'],
    ['Tipo de cota', 'MASTER'],
    ['Plataforma', 'TV ABERTA'],
    ['Ano do prospecto', '2026'],
    ['Status do contrato', 'Frio'],
  ] as const) {
    await dialog.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await dialog.getByLabel('Crédito').fill('150000');
  await dialog.getByRole('button', { name: 'Criar oportunidade' }).click();
  await expect(visibleToast(page, 'Oportunidade criada para Café Serra Azul')).toBeVisible();

  await page.goto('/dashboard');
  const frio = column(page, 'Frio');
  await expect(card(frio, 'Café Serra Azul')).toBeVisible();
  await expect(count(page, 'Frio')).toHaveText('2');
  await expect(frio.getByText('R$ 152.500')).toBeVisible();

  // The mouse: Frio → Quente; both headers move at once, a toast confirms, a reload agrees.
  const quente = column(page, 'Quente');
  await dragCard(page, card(frio, 'Café Serra Azul'), quente);
  await expect(visibleToast(page, 'Status atualizado')).toBeVisible();
  await expect(card(quente, 'Café Serra Azul')).toBeVisible();
  await expect(count(page, 'Frio')).toHaveText('1');
  await expect(count(page, 'Quente')).toHaveText('1');
  await expect(quente.getByText('R$ 150.000').first()).toBeVisible();

  // The keyboard: Space picks the card up, each arrow is one column, Space drops it. (Once the
  // mouse's drop has settled: a new drag cannot start while the last one is still ending.)
  await expect(page.locator('[data-drag-preview]')).toHaveCount(0);
  // A screen reader hears each step, in Portuguese.
  const announcement = (text: string | RegExp) =>
    page.locator('[id^="dnd-kit-announcement"]').filter({ hasText: text });
  await card(frio, 'Teclado Ltda').getByRole('button', { name: 'Teclado Ltda', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(announcement(/Teclado Ltda pego na coluna Frio\.|Sobre a coluna Frio\./)).toBeAttached();
  // One column per arrow, each step heard before the next key, as a screen-reader user moves.
  for (const next of ['Morno', 'Quente', 'Fechado']) {
    await page.keyboard.press('ArrowRight');
    await expect(announcement(`Sobre a coluna ${next}.`)).toBeAttached();
  }
  await page.keyboard.press('Space');
  await expect(announcement('Movido para Fechado, 1 de 1.')).toBeAttached();
  await expect(card(column(page, 'Fechado'), 'Teclado Ltda')).toBeVisible();
  await expect(count(page, 'Frio')).toHaveText('0');

  await page.reload();
  await expect(card(column(page, 'Quente'), 'Café Serra Azul')).toBeVisible();
  await expect(card(column(page, 'Fechado'), 'Teclado Ltda')).toBeVisible();

  // The details: every move is in the history, with who made it.
  await card(column(page, 'Quente'), 'Café Serra Azul').click();
  const details = page.getByRole('dialog', { name: 'Detalhes da Oportunidade' });
  await expect(details.getByText('Criada em')).toBeVisible();
  await expect(details.getByText('por Ana Souza').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // A franchise filter runs on the server: the counts are the filtered ones, and the link keeps it.
  await expect(count(page, 'Morno')).toHaveText('300');
  await page.getByRole('button', { name: 'Praças' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Recife' }).click();
  await page.keyboard.press('Escape');
  await expect(count(page, 'Morno')).toHaveText('0');
  await expect(count(page, 'Fechado')).toHaveText('1');
  await expect(page).toHaveURL(/franchise=Recife/);
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(count(page, 'Morno')).toHaveText('300');

  // A column of 300 scrolls to its end, a page at a time, with a few dozen cards in the DOM.
  const morno = column(page, 'Morno');
  const scroller = morno.getByRole('list').locator('..');
  await expect(async () => {
    await scroller.evaluate((element) => element.scrollBy(0, 4000));
    await expect(morno.locator('[aria-posinset="300"]')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  expect(await morno.getByRole('group').count()).toBeLessThan(60);

  // The list: sorted by credit on the server.
  await page.getByRole('button', { name: 'Lista' }).click();
  const table = page.getByRole('table');
  await table.getByRole('button', { name: /Crédito/ }).click();
  await table.getByRole('button', { name: /Crédito/ }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('Café Serra Azul');

  // Editing a lead: its own page, saved, and back on the board.
  await page.getByRole('button', { name: 'Kanban' }).click();
  await card(column(page, 'Fechado'), 'Teclado Ltda')
    .getByRole('link', { name: /tela cheia/ })
    .click();
  await expect(page).toHaveURL(/\/leads\/editar\//);
  await page.getByLabel('Apuração').fill('2º trimestre');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(visibleToast(page, 'Lead atualizado com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(card(column(page, 'Fechado'), 'Teclado Ltda')).toBeVisible();
});

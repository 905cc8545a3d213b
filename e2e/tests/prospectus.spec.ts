import { mkdirSync } from 'node:fs';
import { expect, type Page, request as playwrightRequest } from '@playwright/test';
import { expectNoSeriousAccessibilityFindings } from '../support/axe';
import { useFreshInstallation } from '../support/fresh-installation';
import { createBrand } from '../support/pipeline-data';
import { bearer, createByApi, registerFirstAdmin, type Session, signInWithSession } from '../support/session';
import { visibleToast } from '../support/toast';
import { card, column, dragCard } from '../support/board';

// The prospectus as a sales team lives it, on an installation of its own: a quota put on sale
// through the dialog, a deal on the board taking its only unit, the cell sold out, a second deal
// refused for it, another person's change seen live; the screen readable in both themes, on a
// phone and in every language.
const { test, installation } = useFreshInstallation();

/** Where the screenshots of the screen with data are kept, to be looked at. */
const SHOTS = '/tmp/shots-prospectus';

let admin: Session;
const ids: Record<string, string> = {};
let firstLead = '';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The cell of an offering: its button's name starts with quota · platform · vertical · section. */
const cell = (page: Page, sectionName: string, offering: string) =>
  section(page, sectionName).getByRole('button', { name: new RegExp(`^${offering} · ${sectionName}:`) });
const MASTER_CELL = 'MASTER · TV ABERTA · ESPORTES';

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: installation.baseURL });
  admin = await registerFirstAdmin(request);
  // Catalogue items are kept in capitals, label and name alike.
  const item = async (resource: string, name: string) =>
    (await createByApi(request, admin, `/api/${resource}`, { name, label: name })).id;
  ids.esportes = await item('verticals', 'ESPORTES');
  ids.novelas = await item('verticals', 'NOVELAS');
  ids.master = await item('quotas', 'MASTER');
  ids.apoio = await item('quotas', 'APOIO');
  ids.longa = await item('quotas', 'PATROCÍNIO DE TRANSMISSÃO AO VIVO');
  ids.tv = await item('platforms', 'TV ABERTA');
  ids.digital = await item('platforms', 'DIGITAL');

  // The two deals of the journey: both of the key the dialog's quota will be on sale for.
  const cafe = await createBrand(request, admin, 'Café Serra Azul', '11.222.333/0001-81');
  const teclado = await createBrand(request, admin, 'Teclado Ltda', '11.444.777/0001-61');
  const deal = (brandId: string, extra: Record<string, unknown> = {}) =>
    createByApi(request, admin, '/api/leads', {
      brand_id: brandId,
      assessment: '1º trimestre',
      vertical: ids.esportes,
      quota: ids.master,
      platform: ids.tv,
      prospectus_year: 2027,
      contract_status: 'frio',
      credit: 150_000,
      ...extra,
    });
  firstLead = (await deal(cafe.id)).id;
  await deal(teclado.id);

  // The rest of the year's prospectus, so the grid shows every state: half taken, free, inactive,
  // a praça of its own and a quota type with a long name.
  const offering = (data: Record<string, unknown>) =>
    createByApi(request, admin, '/api/offerings', { prospectus_year: 2027, list_price: 250_000, ...data });
  await offering({ vertical: ids.esportes, platform: ids.tv, quota: ids.apoio, quantity: 4 });
  await offering({ vertical: ids.novelas, platform: ids.digital, quota: ids.longa, quantity: 12 });
  await offering({
    vertical: ids.novelas,
    platform: ids.tv,
    quota: ids.master,
    quantity: 2,
    status: 'inactive',
  });
  await offering({
    vertical: ids.esportes,
    platform: ids.digital,
    quota: ids.master,
    quantity: 3,
    franchise: 'Recife',
  });
  const acervo = await createBrand(request, admin, 'Acervo', '45.997.418/0001-53');
  for (const contract_status of ['fechado', 'assinado']) {
    await createByApi(request, admin, '/api/leads', {
      brand_id: acervo.id,
      assessment: `Apoio ${contract_status}`,
      vertical: ids.esportes,
      quota: ids.apoio,
      platform: ids.tv,
      prospectus_year: 2027,
      contract_status,
      credit: 80_000,
    });
  }
  await request.dispose();
});

test('a quota put on sale, taken by a deal on the board, sold out, refused to a second deal, and changed live', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInWithSession(page, admin);
  await page.goto('/prospecto');
  await expect(page.getByRole('heading', { level: 1, name: 'Prospecto' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Ano do prospecto' }).click();
  await page.getByRole('option', { name: '2027', exact: true }).click();
  await expect(page).toHaveURL(/ano=2027/);
  await expect(cell(page, 'Nacional', 'APOIO · TV ABERTA · ESPORTES')).toContainText('2 de 4');
  await expect(cell(page, 'Nacional', 'APOIO · TV ABERTA · ESPORTES')).toContainText('50% ocupada');

  // The dialog: one unit of Master · TV Aberta · Esportes, national, for 2027.
  await page.getByRole('button', { name: 'Nova cota' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova cota' });
  await expect(dialog.getByRole('combobox', { name: 'Ano' })).toHaveText('2027');
  await expect(dialog.getByRole('combobox', { name: 'Praça' })).toHaveText('Nacional');
  for (const [field, option] of [
    ['Vertical', 'ESPORTES'],
    ['Plataforma', 'TV ABERTA'],
    ['Tipo de cota', 'MASTER'],
  ] as const) {
    await dialog.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await dialog.getByRole('spinbutton', { name: 'Quantidade' }).fill('1');
  await dialog.getByRole('textbox', { name: 'Preço de tabela' }).fill('500000');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(visibleToast(page, 'Cota adicionada ao prospecto')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cell(page, 'Nacional', MASTER_CELL)).toContainText('1 de 1');
  await expect(cell(page, 'Nacional', MASTER_CELL)).toContainText('Livre');

  // The same quota again: the server's refusal, said inside the dialog.
  await page.getByRole('button', { name: 'Nova cota' }).click();
  for (const [field, option] of [
    ['Vertical', 'ESPORTES'],
    ['Plataforma', 'TV ABERTA'],
    ['Tipo de cota', 'MASTER'],
  ] as const) {
    await dialog.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await dialog.getByRole('spinbutton', { name: 'Quantidade' }).fill('3');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Esta cota já está no prospecto');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // The board: Café Serra Azul into Fechado takes the only unit.
  await page.goto('/dashboard');
  const frio = column(page, 'Frio');
  const fechado = column(page, 'Fechado');
  await dragCard(page, card(frio, 'Café Serra Azul'), fechado);
  await expect(visibleToast(page, 'Status atualizado')).toBeVisible();
  await expect(card(fechado, 'Café Serra Azul')).toBeVisible();
  await expect(page.locator('[data-drag-preview]')).toHaveCount(0);

  await page.goto('/prospecto?ano=2027');
  const master = cell(page, 'Nacional', MASTER_CELL);
  await expect(master).toContainText('0 de 1');
  await expect(master).toContainText('Esgotada');
  await expect(master).toHaveAttribute('data-occupancy', 'full');

  // Its panel: the figures and both deals of its key, whatever their status.
  await master.click();
  const panel = page.getByRole('dialog', { name: MASTER_CELL });
  await expect(panel.getByText('Prospecto 2027 · Nacional')).toBeVisible();
  const deals = panel.getByRole('region', { name: 'Oportunidades com esta cota' });
  await expect(deals.getByRole('link', { name: 'Café Serra Azul' })).toHaveAttribute(
    'href',
    `/leads/editar/${firstLead}`,
  );
  await expect(deals.getByRole('link', { name: 'Teclado Ltda' })).toBeVisible();
  await expect(deals.getByText('Fechado')).toBeVisible();
  await page.keyboard.press('Escape');

  // The second deal into Fechado: refused in the server's words, the card back where it was.
  await page.goto('/dashboard');
  await dragCard(page, card(column(page, 'Frio'), 'Teclado Ltda'), column(page, 'Fechado'));
  await expect(visibleToast(page, 'Cota esgotada: MASTER · TV ABERTA · ESPORTES · 2027')).toBeVisible();
  await expect(card(column(page, 'Frio'), 'Teclado Ltda')).toBeVisible();
  await expect(card(column(page, 'Fechado'), 'Teclado Ltda')).toHaveCount(0);
  await expect(page.locator('[data-drag-preview]')).toHaveCount(0);

  // Someone else gives the unit back, then takes it again: the cell follows without a reload.
  await page.goto('/prospecto?ano=2027');
  await expect(page.locator('html[data-live-updates="open"]')).toBeAttached();
  await expect(master).toContainText('0 de 1');
  const move = async (contract_status: string) => {
    const response = await request.patch(`${installation.baseURL}/api/leads/${firstLead}`, {
      headers: bearer(admin),
      data: { contract_status },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await move('quente');
  await expect(master).toContainText('1 de 1', { timeout: 5000 });
  await expect(master).toContainText('Livre');
  await move('assinado');
  await expect(master).toContainText('0 de 1', { timeout: 5000 });
  const summary = page.getByLabel('Totais do prospecto de 2027');
  await expect(summary.getByText('Vendidas').locator('xpath=following-sibling::dd')).toHaveText('2');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the prospectus has no serious accessibility finding in the ${theme} theme, at 1280 and 375 px`, async ({
    page,
  }) => {
    // Four screens measured by axe, each after it settles.
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await signInWithSession(page, admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/prospecto?ano=2027');
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect(cell(page, 'Recife', 'MASTER · DIGITAL · ESPORTES')).toContainText('3 de 3');
    await expectNoSeriousAccessibilityFindings(page, `prospectus (${theme})`);
    await page.screenshot({ path: `${SHOTS}/prospecto-1280-${theme}.png`, fullPage: true });

    await cell(page, 'Nacional', MASTER_CELL).click();
    const panel = page.getByRole('dialog', { name: MASTER_CELL });
    await expect(panel.getByRole('link', { name: 'Café Serra Azul' })).toBeVisible();
    await expectNoSeriousAccessibilityFindings(page, `prospectus panel (${theme})`);
    await page.screenshot({ path: `${SHOTS}/prospecto-panel-1280-${theme}.png` });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Nova cota' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova cota' });
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await expect(dialog.getByText('Quantidade deve ser entre 1 e 10000')).toBeVisible();
    await expectNoSeriousAccessibilityFindings(page, `offering dialog (${theme})`);
    await page.screenshot({ path: `${SHOTS}/prospecto-dialog-1280-${theme}.png` });
    await page.keyboard.press('Escape');

    // A phone: the page never scrolls sideways; a section's table scrolls inside its own box.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(cell(page, 'Nacional', MASTER_CELL)).toBeVisible();
    const pageOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(pageOverflow).toBeLessThanOrEqual(0);
    const tableBox = section(page, 'Nacional').locator('table').locator('xpath=..');
    expect(await tableBox.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expectNoSeriousAccessibilityFindings(page, `prospectus at 375 px (${theme})`);
    await page.screenshot({ path: `${SHOTS}/prospecto-375-${theme}.png`, fullPage: true });
  });
}

for (const [language, title, yearLabel] of [
  ['en', 'Prospectus', 'Prospectus year'],
  ['es', 'Prospecto', 'Año del prospecto'],
] as const) {
  test(`the screen speaks ${language}`, async ({ page }) => {
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await signInWithSession(page, admin);
    await page.goto('/prospecto?ano=2027');
    // The first screen of a new page downloads the app and reads the session: slower on a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('combobox', { name: yearLabel })).toHaveText('2027');
    const national = language === 'en' ? 'National' : 'Nacional';
    await expect(section(page, national)).toBeVisible();
    await expect(
      page.getByRole('navigation').getByRole('link', { name: title, exact: true }),
    ).toHaveAttribute('aria-current', 'page');
  });
}

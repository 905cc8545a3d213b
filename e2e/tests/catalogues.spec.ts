import { expect, request as playwrightRequest } from '@playwright/test';
import { useFreshInstallation } from '../support/fresh-installation';
import { visibleToast } from '../support/toast';
import { bearer, registerByApi, type Session, signInWithSession } from '../support/session';

/**
 * Catalogue screens. Writes need an admin or a manager: this file claims a fresh installation's
 * first account in beforeAll. Every test makes the items it looks at, and only the first one
 * writes verticals (it starts from the empty list), only the second platforms (it counts them):
 * the others use quota types and never assert on the whole list, so any test passes alone (`-g`)
 * and in any order.
 */
const { test, installation } = useFreshInstallation();
let admin: Session;

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: installation.baseURL });
  admin = await registerByApi(request, {
    name: 'Gestora de Catalogos',
    email: 'catalogos@empresa.com.br',
    password: 'Senha123',
  });
  await request.dispose();
  expect(admin.user.roles).toContain('admin');
});

test('creates a vertical typed in lower case, sees it upper-cased, edits and finds it', async ({
  page,
  request,
}) => {
  await signInWithSession(page, admin);
  await page.goto(`/configuracoes/verticais`);
  await expect(page.getByText('Nenhuma vertical encontrada')).toBeVisible();

  await page.getByRole('button', { name: 'Nova Vertical' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nova Vertical' });
  await dialog.getByLabel('Nome').pressSequentially('esportes');
  await expect(dialog.getByLabel('Nome')).toHaveValue('ESPORTES');
  await dialog.getByLabel('Label').fill('a');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog.getByText('Label deve ter no minimo 2 caracteres')).toBeVisible();
  await dialog.getByLabel('Label').fill('futebol ao vivo');
  await dialog.getByRole('button', { name: 'Criar' }).click();

  await expect(visibleToast(page, 'Vertical criada com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Verticais' });
  const row = table.getByRole('row', { name: /ESPORTES/ });
  await expect(row).toContainText('FUTEBOL AO VIVO');
  await expect(row).toContainText('Ativo');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  await row.getByRole('button', { name: 'Editar ESPORTES' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar Vertical' });
  await expect(editDialog.getByLabel('Nome')).toHaveValue('ESPORTES');
  await editDialog.getByLabel('Label').fill('esporte na tv');
  await editDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(visibleToast(page, 'Vertical atualizada com sucesso')).toBeVisible();
  await expect(table.getByRole('row', { name: /ESPORTES/ })).toContainText('ESPORTE NA TV');

  // A second one, so the search has something to leave out.
  const other = await request.post('/api/verticals', {
    headers: bearer(admin),
    data: { name: 'Cultura', label: 'teatro' },
  });
  expect(other.status()).toBe(201);
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(table.getByRole('row', { name: /CULTURA/ })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Buscar por nome ou label...' });
  await search.fill('na tv');
  await expect(table.getByRole('row', { name: /ESPORTES/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /CULTURA/ })).toHaveCount(0);
  await search.fill('nada disso');
  await expect(page.getByText('Nenhum resultado encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar busca' }).click();
  await expect(table.getByRole('row', { name: /CULTURA/ })).toBeVisible();
});

test('pages through 12 platforms five at a time', async ({ page, request }) => {
  for (let index = 1; index <= 12; index++) {
    const response = await request.post('/api/platforms', {
      headers: bearer(admin),
      data: { name: `plataforma ${String(index).padStart(2, '0')}`, label: `canal ${index}` },
    });
    expect(response.status()).toBe(201);
  }
  await signInWithSession(page, admin);
  await page.goto(`/configuracoes/plataformas`);

  const table = page.getByRole('table', { name: 'Plataformas' });
  const bodyRows = table.locator('tbody tr');
  await expect(page.getByText('Total: 12 registros')).toBeVisible();
  await expect(page.getByText('Mostrando 1 a 5 de 12')).toBeVisible();
  await expect(bodyRows).toHaveCount(5);
  // Newest first.
  await expect(bodyRows.first()).toContainText('PLATAFORMA 12');

  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('Mostrando 6 a 10 de 12')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Página 3' }).click();
  await expect(page.getByText('Mostrando 11 a 12 de 12')).toBeVisible();
  await expect(bodyRows).toHaveCount(2);
  await expect(bodyRows.last()).toContainText('PLATAFORMA 01');
  await expect(page.getByRole('button', { name: 'Próximo' })).toBeDisabled();

  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(page.getByText('Mostrando 6 a 10 de 12')).toBeVisible();

  await page.getByRole('combobox', { name: 'Itens por página' }).click();
  await page.getByRole('option', { name: '15' }).click();
  await expect(page.getByText('Mostrando 1 a 12 de 12')).toBeVisible();
  await expect(bodyRows).toHaveCount(12);
});

test('sets a quota type inactive and finds it again with the status filter', async ({ page, request }) => {
  const created = await request.post('/api/quotas', {
    headers: bearer(admin),
    data: { name: 'master', label: 'cota master' },
  });
  expect(created.status()).toBe(201);
  await signInWithSession(page, admin);
  await page.goto(`/configuracoes/tipos-cotas`);

  const table = page.getByRole('table', { name: 'Tipos de Cotas' });
  await table.getByRole('button', { name: 'Editar MASTER' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Tipo de Cota' });
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inativo', exact: true }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(visibleToast(page, 'Tipo de cota atualizado com sucesso')).toBeVisible();

  // The screen lists active items by default: the inactive one leaves it.
  await expect(table.getByRole('row', { name: /MASTER/ })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Filtrar por status' }).click();
  await page.getByRole('option', { name: 'Inativos', exact: true }).click();
  const row = table.getByRole('row', { name: /MASTER/ });
  await expect(row).toContainText('Inativo');

  // Reactivated, it is back among the active ones.
  await row.getByRole('button', { name: 'Editar MASTER' }).click();
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Ativo', exact: true }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(visibleToast(page, 'Tipo de cota atualizado com sucesso')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filtrar por status' }).click();
  await page.getByRole('option', { name: 'Ativos', exact: true }).click();
  await expect(table.getByRole('row', { name: /MASTER/ })).toContainText('Ativo');
});

test('on a 375 px phone, long names wrap and the edit button stays in view', async ({ page, request }) => {
  const created = await request.post('/api/quotas', {
    headers: bearer(admin),
    data: { name: 'entretenimento e cultura popular', label: `${'transmissao'.repeat(8)} ao vivo` },
  });
  expect(created.status()).toBe(201);
  await page.setViewportSize({ width: 375, height: 760 });
  await signInWithSession(page, admin);
  await page.goto(`/configuracoes/tipos-cotas`);

  const row = page
    .getByRole('table', { name: 'Tipos de Cotas' })
    .getByRole('row', { name: /ENTRETENIMENTO/ });
  await expect(row.getByRole('button', { name: 'Editar ENTRETENIMENTO E CULTURA POPULAR' })).toBeInViewport({
    ratio: 1,
  });
  await expect(row.getByText('Ativo')).toBeInViewport({ ratio: 1 });
  // Nothing to scroll sideways: the table fits the screen.
  const overflow = await page
    .locator('[data-slot="table-container"]')
    .evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the server's messages follow the chosen language, not the browser's", async ({ browser, request }) => {
  const existing = await request.post('/api/quotas', {
    headers: bearer(admin),
    data: { name: 'cota repetida', label: 'primeira' },
  });
  expect(existing.status()).toBe(201);
  // A browser set to English, a user who chose Portuguese: the 409 must read in Portuguese.
  const context = await browser.newContext({ locale: 'en-US', baseURL: installation.baseURL });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'pt-BR'));
  await signInWithSession(page, admin);
  await page.goto(`/configuracoes/tipos-cotas`);

  await page.getByRole('button', { name: 'Novo Tipo de Cota' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo Tipo de Cota' });
  await dialog.getByLabel('Nome').fill('cota repetida');
  await dialog.getByLabel('Label').fill('segunda');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog.getByText('Já existe um registro com este nome')).toBeVisible();
  await context.close();
});

import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest } from '@playwright/test';
import { useFreshInstallation } from '../support/fresh-installation';
import { registerByApi, type Session, signInWithSession } from '../support/session';
import { analyseBrandsCsv, mapFantasiaToBrandName } from '../support/spreadsheets';
import { visibleToast } from '../support/toast';

// Spreadsheets in and out, as the sales team uses them: a brand list imported after one column is
// corrected, then the brand list exported. Its own installation, so the counts are this file's.
const { test, installation } = useFreshInstallation();
let admin: Session;

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: installation.baseURL });
  admin = await registerByApi(request, {
    name: 'Paula Planilha',
    email: 'planilhas@empresa.com.br',
    password: 'Planilha123',
  });
  await request.dispose();
});

test('imports a brand CSV after correcting a column, skipping the row with an invalid CNPJ', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInWithSession(page, admin);
  await page.goto('/marcas/gerenciar');
  await page.getByRole('link', { name: 'Importar marcas de uma planilha' }).click();
  await expect(page).toHaveURL(/\/importar\?tipo=marcas$/);
  await expect(page.getByRole('radio', { name: 'Marcas com contato principal' })).toBeChecked();
  await expect(page.getByText(/Nada é gravado até você confirmar/)).toBeVisible();

  // The server guessed two columns of three; "Fantasia" is the brand's name.
  await analyseBrandsCsv(page);
  await expect(page.getByRole('combobox', { name: 'Campo da coluna Fantasia' })).toHaveText('Ignorar coluna');
  await expect(page.getByRole('combobox', { name: 'Campo da coluna Razão social' })).toHaveText(
    'Razão social',
  );
  await expect(page.getByText('Campos obrigatórios sem coluna: Nome da marca')).toBeVisible();
  await expect(page.getByText('Café Importado · Padaria Importada · Bar Sem Registro')).toBeVisible();
  await mapFantasiaToBrandName(page);

  // The preview: two rows to create, the third refused for its CNPJ.
  await page.getByRole('button', { name: 'Revisar linhas' }).click();
  await expect(page.getByRole('heading', { name: 'Revise as linhas' })).toBeFocused();
  const counters = page.getByRole('list', { name: 'Resumo da análise' });
  await expect(counters).toContainText('2 a criar');
  await expect(counters).toContainText('1 com problema');
  const rows = page.getByRole('table', { name: 'Linhas da planilha' }).getByRole('row');
  const invalid = rows.filter({ hasText: 'Bar Sem Registro' });
  await expect(invalid).toContainText('Ignorar');
  await expect(invalid).toContainText('CNPJ: CNPJ inválido');
  await page.getByRole('checkbox', { name: 'Só linhas com problemas' }).check();
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: 'Importar 2 linhas' }).click();
  await expect(page.getByRole('heading', { name: 'Importação concluída' })).toBeFocused();
  const summary = page.locator('dl');
  await expect(summary.locator('div').filter({ hasText: 'Criados' }).locator('dd')).toHaveText('2');
  await expect(summary.locator('div').filter({ hasText: 'Ignorados' }).locator('dd')).toHaveText('1');
  await expect(
    page.getByRole('table', { name: 'Linhas ignoradas' }).getByRole('row', { name: /CNPJ inválido/ }),
  ).toContainText('4');

  const report = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar relatório (CSV)' }).click();
  const reportFile = await report;
  expect(reportFile.suggestedFilename()).toBe('relatorio-importacao.csv');
  const reportText = await readFile((await reportFile.path())!, 'utf8');
  expect(reportText.startsWith('\uFEFFLinha;Resultado;Campo;Mensagem')).toBe(true);
  expect(reportText).toContain('4;Ignorado;CNPJ;CNPJ inválido');

  await page.getByRole('link', { name: 'Ver marcas' }).click();
  const brands = page.getByRole('table', { name: 'Marcas' });
  await expect(brands.getByText('Café Importado', { exact: true })).toBeVisible();
  await expect(brands.getByText('Padaria Importada', { exact: true })).toBeVisible();
  await expect(brands.getByText('Bar Sem Registro')).toHaveCount(0);
});

test('exports the brand list to a CSV with the Portuguese headers', async ({ page }) => {
  await signInWithSession(page, admin);
  await page.goto('/marcas/gerenciar');
  await expect(
    page.getByRole('table', { name: 'Marcas' }).getByText('Café Importado', { exact: true }),
  ).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar marcas' }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  await expect(visibleToast(page, `Planilha ${file.suggestedFilename()} baixada`)).toBeVisible();

  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header = '', ...lines] = text.split(/\r?\n/).filter(Boolean);
  for (const column of ['Nome da marca', 'Razão social', 'CNPJ', 'Nome do contato', 'Criado em']) {
    expect(header).toContain(column);
  }
  expect(lines.some((line) => line.includes('Café Importado'))).toBe(true);
  expect(lines.some((line) => line.includes('Padaria Importada'))).toBe(true);
});

test('the wizard fits a 375 px phone: nothing scrolls sideways but the preview table', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInWithSession(page, admin);
  await page.goto('/importar?tipo=marcas');
  const pageOverflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  await expect(page.getByRole('heading', { name: 'Escolha a planilha' })).toBeVisible();
  expect(await pageOverflow()).toBeLessThanOrEqual(0);
  await analyseBrandsCsv(page, 'marcas-no-celular.csv');
  expect(await pageOverflow()).toBeLessThanOrEqual(0);
  await mapFantasiaToBrandName(page);
  await page.getByRole('button', { name: 'Revisar linhas' }).click();
  await expect(page.getByRole('table', { name: 'Linhas da planilha' })).toBeVisible();
  expect(await pageOverflow()).toBeLessThanOrEqual(0);
  // The buttons stay reachable and in view.
  const confirm = page.getByRole('button', { name: /^Importar \d+ linha/ });
  await confirm.scrollIntoViewIfNeeded();
  await expect(confirm).toBeInViewport();
});

import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest } from '@playwright/test';
import { useFreshInstallation } from '../support/fresh-installation';
import { registerByApi, type Session, signInWithSession } from '../support/session';
import { peopleBrandsCsv, sharedCnpj } from '../support/people-brands';
import { analyseBrandsCsv, mapFantasiaToBrandName, spreadsheetInput } from '../support/spreadsheets';
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
  await expect(counters).toContainText('1 a ignorar');
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
  await expect(summary.locator('div').filter({ hasText: 'Linhas ignoradas' }).locator('dd')).toHaveText('1');
  await expect(
    page.getByRole('table', { name: 'O que não foi importado' }).getByRole('row', { name: /CNPJ inválido/ }),
  ).toContainText('4Bar Sem Registro');

  const report = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar relatório (CSV)' }).click();
  const reportFile = await report;
  expect(reportFile.suggestedFilename()).toBe('relatorio-importacao.csv');
  const reportText = await readFile((await reportFile.path())!, 'utf8');
  expect(reportText.startsWith('\uFEFFLinha;Nome;Resultado;Campo;Mensagem')).toBe(true);
  expect(reportText).toContain('4;Bar Sem Registro;Ignorado;CNPJ;CNPJ inválido');

  await page.getByRole('link', { name: 'Ver marcas' }).click();
  const brands = page.getByRole('table', { name: 'Marcas' });
  await expect(brands.getByText('Café Importado', { exact: true })).toBeVisible();
  await expect(brands.getByText('Padaria Importada', { exact: true })).toBeVisible();
  await expect(brands.getByText('Bar Sem Registro')).toHaveCount(0);
});

test('imports a brand list as people keep it: what each action means, what was left out and why, by name', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithSession(page, admin);
  await page.goto('/importar?tipo=marcas');
  await expect(page.getByRole('heading', { name: 'Escolha a planilha' })).toBeVisible();

  // The server reads the people's own headers: the brand's name, the contact's full name.
  await spreadsheetInput(page).setInputFiles({
    name: 'clientes-da-equipe.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(peopleBrandsCsv('510'), 'utf8'),
  });
  await page.getByRole('button', { name: 'Analisar planilha' }).click();
  await expect(page.getByRole('heading', { name: 'Confira as colunas' })).toBeFocused();
  for (const [header, field] of [
    ['Nome', 'Nome da marca'],
    ['CNPJ', 'CNPJ'],
    ['Contato', 'Contato (nome completo)'],
    ['Email', 'Email do contato'],
    ['Telefone', 'Telefone do contato'],
  ]) {
    await expect(page.getByRole('combobox', { name: `Campo da coluna ${header}` })).toHaveText(field!);
  }
  await page.getByRole('button', { name: 'Revisar linhas' }).click();
  await expect(page.getByRole('heading', { name: 'Revise as linhas' })).toBeFocused();

  // The dry run: what each action means, beside the badges the rows carry.
  const counters = page.getByRole('list', { name: 'Resumo da análise' });
  await expect(counters).toContainText('4 a criar');
  await expect(counters).toContainText('1 a ignorar');
  await expect(counters).toContainText('1 sem contato');
  const legend = page.getByRole('group', { name: 'O que cada ação faz' });
  await expect(legend).toContainText(
    'A linha não será importada: a marca não será criada nem alterada. O motivo está em Problemas.',
  );
  await expect(legend).toContainText('O contato principal não será importado');
  const table = page.getByRole('table', { name: 'Linhas da planilha' });
  const rows = table.getByRole('row');
  // Two brands of one company: one CNPJ, two names, both created; the CNPJ whole on one line.
  const aurora = rows.filter({ hasText: 'Café Aurora' });
  await expect(aurora).toHaveCount(2);
  for (const row of await aurora.all()) await expect(row).toContainText('Criar');
  const cnpj = aurora.first().getByText(sharedCnpj('510'), { exact: true });
  await expect(cnpj).toHaveCSS('white-space', 'nowrap');
  expect((await cnpj.boundingBox())!.height).toBeLessThan(24);
  const withoutEmail = rows.filter({ hasText: 'Padaria Estrela' });
  await expect(withoutEmail).toContainText('Criar');
  await expect(withoutEmail).toContainText('Sem contato');
  await expect(withoutEmail).toContainText('Email do contato:');
  const shifted = rows.filter({ hasText: 'Mercado Boa Vista' });
  await expect(shifted).toContainText('Ignorar');
  await expect(shifted).toContainText('Linha com 7 colunas; o cabeçalho tem 6');
  // The preview fits its card at 1280 px: nothing scrolls sideways.
  const overflow = await page
    .getByRole('region', { name: 'Linhas da planilha' })
    .evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // A long email is cut on screen; the row's details show it whole, from the keyboard too.
  const distributor = rows.filter({ hasText: 'Distribuidora de Bebidas Nordeste Premium' });
  await distributor.getByRole('button', { name: 'Ver todos os valores da linha 6' }).focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: /^Linha 6/ });
  await expect(details.getByText('fernanda.cristina.oliveira@distribuidoranordeste.com.br')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await page.getByRole('button', { name: 'Importar 4 linhas' }).click();
  await expect(page.getByRole('heading', { name: 'Importação concluída' })).toBeFocused();
  const stat = (label: string) =>
    page
      .locator('dl > div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(stat('Criados')).toHaveText('4');
  await expect(stat('Sem alteração')).toHaveText('0');
  await expect(stat('Linhas ignoradas')).toHaveText('1');
  await expect(stat('Contatos não importados')).toHaveText('1');
  const notImported = page.getByRole('table', { name: 'O que não foi importado' });
  await expect(notImported.getByRole('row', { name: /Padaria Estrela/ })).toContainText(
    'Marca criada, contato não importado',
  );
  const skippedRow = notImported.getByRole('row', { name: /Mercado Boa Vista/ });
  await expect(skippedRow).toContainText('Linha não importada: a marca não foi criada nem alterada');
  await expect(skippedRow).toContainText('Linha com 7 colunas; o cabeçalho tem 6');

  const report = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar relatório (CSV)' }).click();
  const reportText = await readFile((await (await report).path())!, 'utf8');
  expect(reportText).toContain('4;Padaria Estrela;Criado, contato não importado;Email do contato;');
  expect(reportText).toContain('5;Mercado Boa Vista;Ignorado;Linha;"Linha com 7 colunas; o cabeçalho tem 6"');

  await page.getByRole('link', { name: 'Ver marcas' }).click();
  const brands = page.getByRole('table', { name: 'Marcas' });
  await expect(brands.getByText('Padaria Estrela', { exact: true })).toBeVisible();
  await expect(brands.getByText('Café Aurora Filial Centro', { exact: true })).toBeVisible();
  await expect(brands.getByText('Mercado Boa Vista')).toHaveCount(0);
});

test('a file the import cannot read is refused on the first step, in the server’s words', async ({
  page,
}) => {
  await signInWithSession(page, admin);
  await page.goto('/importar?tipo=marcas');
  await expect(page.getByRole('heading', { name: 'Escolha a planilha' })).toBeVisible();
  const analyse = async (name: string, content: string) => {
    await spreadsheetInput(page).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
    await page.getByRole('button', { name: 'Analisar planilha' }).click();
  };

  await analyse('so-cabecalho.csv', 'Nome;Razão social;CNPJ\r\n');
  await expect(page.getByRole('alert')).toHaveText('A planilha só tem o cabeçalho');
  await analyse('nao-e-xlsx.xlsx', 'Nome;Razão social;CNPJ\r\nCafé;Café Ltda;11.222.333/0001-81\r\n');
  await expect(page.getByRole('alert')).toContainText('O arquivo diz ser XLSX, mas não é');
  // An old Excel file is refused before it is sent, with the server's own words.
  await spreadsheetInput(page).setInputFiles({
    name: 'antiga.xls',
    mimeType: 'application/vnd.ms-excel',
    buffer: Buffer.from('x'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'Planilhas .xls (Excel 97-2003) não são aceitas. Salve-a como XLSX ou CSV',
  );
  await expect(page.getByRole('heading', { name: 'Escolha a planilha' })).toBeVisible();
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

test('the wizard fits a 375 px phone: nothing scrolls sideways, the preview’s values stacked', async ({
  page,
}) => {
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
  // Each row's values are stacked beside its number: the table itself fits too.
  const tableOverflow = await page
    .getByRole('region', { name: 'Linhas da planilha' })
    .evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(tableOverflow).toBeLessThanOrEqual(0);
  // The buttons stay reachable and in view.
  const confirm = page.getByRole('button', { name: /^Importar \d+ linha/ });
  await confirm.scrollIntoViewIfNeeded();
  await expect(confirm).toBeInViewport();
});

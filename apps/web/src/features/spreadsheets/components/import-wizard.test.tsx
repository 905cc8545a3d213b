import type { ImportResult, Role } from '@funil/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiUser } from '@/test/api-fixtures';
import { type StubRequest, type StubRoute, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

function signedIn(routes: Record<string, StubRoute>, roles: Role[] = ['comercial']) {
  const user = apiUser({ roles });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return stubApi({ 'GET /api/auth/me': { body: user }, ...routes });
}

// The preview is virtualised: give its scroll area the size a browser would, or it shows no row.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});

const CSV = 'Fantasia;Razão social;CNPJ\r\nCafé Sol;Sol Ltda;11.222.333/0001-81\r\nBar Lua;Lua Ltda;123\r\n';
const csvFile = () => new File([CSV], 'marcas.csv', { type: 'text/csv' });

const guessed: ImportResult = {
  dry_run: true,
  rows: 2,
  created: 0,
  updated: 0,
  unchanged: 0,
  contacts_skipped: 0,
  skipped: [],
  columns: [
    { header: 'Fantasia', field: null },
    { header: 'Razão social', field: 'company_name' },
    { header: 'CNPJ', field: 'cnpj' },
  ],
  preview: [
    {
      row: 2,
      action: 'skip',
      values: { company_name: 'Sol Ltda', cnpj: '11222333000181' },
      issues: [{ field: 'name', message: 'Nome da marca é obrigatório' }],
    },
    {
      row: 3,
      action: 'skip',
      values: { company_name: 'Lua Ltda', cnpj: '123' },
      issues: [{ field: 'cnpj', message: 'CNPJ inválido' }],
    },
  ],
};

const mapped = (dryRun: boolean, action: 'create' | 'update' = 'create'): ImportResult => ({
  dry_run: dryRun,
  rows: 2,
  created: dryRun || action !== 'create' ? 0 : 1,
  updated: dryRun || action !== 'update' ? 0 : 1,
  unchanged: 0,
  contacts_skipped: 0,
  skipped: [
    {
      row: 3,
      field: 'cnpj',
      message: 'CNPJ inválido',
      part: 'row',
      name: 'Bar Lua',
      issues: [{ field: 'cnpj', message: 'CNPJ inválido' }],
    },
  ],
  columns: [
    { header: 'Fantasia', field: 'name' },
    { header: 'Razão social', field: 'company_name' },
    { header: 'CNPJ', field: 'cnpj' },
  ],
  preview: [
    {
      row: 2,
      action,
      values: { name: 'Café Sol', company_name: 'Sol Ltda', cnpj: '11222333000181' },
      issues: [],
    },
    {
      row: 3,
      action: 'skip',
      values: { name: 'Bar Lua', company_name: 'Lua Ltda', cnpj: '123' },
      issues: [{ field: 'cnpj', message: 'CNPJ inválido' }],
    },
  ],
});

/** The import's answers: the server's guess without a mapping, the mapped reading with one. */
function importApi(request: StubRequest) {
  const form = request.form!;
  const dryRun = form.get('dry_run') === 'true';
  if (!form.get('mapping')) return { body: guessed };
  return { body: mapped(dryRun, form.get('on_duplicate') === 'update' ? 'update' : 'create') };
}

const fields = (request: StubRequest) => ({
  mapping: request.form!.get('mapping'),
  dry_run: request.form!.get('dry_run'),
  on_duplicate: request.form!.get('on_duplicate'),
  file: (request.form!.get('file') as File).name,
});

async function chooseFile(file: File) {
  const input = await screen.findByLabelText(/^Planilha/, { selector: 'input' }, { timeout: 5000 });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('import wizard', () => {
  it('analyses the file, corrects a column, previews the rows, imports and reports', async () => {
    const user = userEvent.setup();
    const api = signedIn({ 'POST /api/brands/import': importApi });
    renderRoute('/importar?tipo=marcas');

    expect(
      await screen.findByRole('heading', { name: 'Escolha a planilha' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Marcas com contato principal' })).toBeChecked();
    expect(screen.getByText(/Nada é gravado até você confirmar/)).toBeInTheDocument();
    await chooseFile(csvFile());
    expect(screen.getByText('Arquivo escolhido: marcas.csv (1 KB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Analisar planilha' }));

    // Mapping: the server's guess, the CSV's examples, the required field no column fills.
    const mappingHeading = await screen.findByRole('heading', { name: 'Confira as colunas' });
    await waitFor(() => expect(mappingHeading).toHaveFocus());
    expect(fields(api.calls('POST /api/brands/import')[0]!)).toEqual({
      mapping: null,
      dry_run: 'true',
      on_duplicate: 'skip',
      file: 'marcas.csv',
    });
    const columns = screen.getByRole('list', { name: 'Colunas da planilha' });
    // Each example whole on its line: an email or a CNPJ is never broken inside.
    const examples = within(columns).getByText('Café Sol').parentElement!;
    expect(examples).toHaveTextContent('Exemplos: Café Sol · Bar Lua');
    expect(within(examples).getByText('Bar Lua')).toHaveClass('truncate');
    expect(screen.getByRole('combobox', { name: 'Campo da coluna Fantasia' })).toHaveTextContent(
      'Ignorar coluna',
    );
    expect(screen.getByRole('combobox', { name: 'Campo da coluna CNPJ' })).toHaveTextContent('CNPJ');
    expect(screen.getByText('Campos obrigatórios sem coluna: Nome da marca')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Campo da coluna Fantasia' }));
    await user.click(await screen.findByRole('option', { name: 'Nome da marca' }));
    await waitFor(() => expect(api.calls('POST /api/brands/import')).toHaveLength(2));
    expect(JSON.parse(String(fields(api.calls('POST /api/brands/import')[1]!).mapping))).toEqual({
      Fantasia: 'name',
      'Razão social': 'company_name',
      CNPJ: 'cnpj',
    });
    expect(await screen.findByText('Todos os campos obrigatórios têm uma coluna.')).toBeInTheDocument();

    // Preview: counts, the row with its problem, the filter, the duplicates choice.
    await user.click(screen.getByRole('button', { name: 'Revisar linhas' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Revise as linhas' })).toHaveFocus());
    const counters = screen.getByRole('list', { name: 'Resumo da análise' });
    expect(within(counters).getByText('1 a criar')).toBeInTheDocument();
    expect(within(counters).getByText('0 a atualizar')).toBeInTheDocument();
    expect(within(counters).getByText('0 sem alteração')).toBeInTheDocument();
    expect(within(counters).getByText('1 a ignorar')).toBeInTheDocument();
    // The legend says what the actions on screen mean, "Ignorar" above all.
    const legend = screen.getByRole('group', { name: 'O que cada ação faz' });
    expect(
      within(legend)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Criar', 'Ignorar']);
    expect(
      within(legend).getByText(
        'A linha não será importada: a marca não será criada nem alterada. O motivo está em Problemas.',
      ),
    ).toBeInTheDocument();
    expect(within(legend).getByText('A marca será criada.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Linhas da planilha' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Linha', 'Ação', 'Marca', 'CNPJ', 'Problemas', 'Detalhes']);
    expect(within(rows[1]!).getByText('Criar')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Café Sol')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Ignorar')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('CNPJ: CNPJ inválido')).toBeInTheDocument();
    // The CNPJ with the problem is marked, and says which to a screen reader.
    expect(within(rows[2]!).getByText('(CNPJ inválido)', { exact: false })).toHaveClass('sr-only');

    await user.click(screen.getByRole('checkbox', { name: 'Só linhas com problemas' }));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Mostrando 1 de 2 linhas')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Atualizar existentes' }));
    await waitFor(() => expect(api.calls('POST /api/brands/import')).toHaveLength(3));
    expect(fields(api.calls('POST /api/brands/import')[2]!).on_duplicate).toBe('update');
    expect(await within(counters).findByText('1 a atualizar')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Pular duplicados' }));
    expect(await within(counters).findByText('1 a criar')).toBeInTheDocument();

    // Confirm: the same file and mapping, for real; then the report.
    await user.click(screen.getByRole('button', { name: 'Importar 1 linha' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Importação concluída' })).toHaveFocus());
    expect(fields(api.calls('POST /api/brands/import').at(-1)!)).toMatchObject({
      dry_run: 'false',
      on_duplicate: 'skip',
    });
    const summary = screen.getByText('Criados').closest('dl')!;
    expect(within(summary).getByText('Criados').nextSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Sem alteração').nextSibling).toHaveTextContent('0');
    expect(within(summary).getByText('Linhas ignoradas').nextSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Contatos não importados').nextSibling).toHaveTextContent('0');
    const skipped = screen.getByRole('table', { name: 'O que não foi importado' });
    expect(
      within(skipped).getByRole('row', {
        name: '3 Bar Lua Linha não importada: a marca não foi criada nem alterada CNPJ: CNPJ inválido',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver marcas' })).toHaveAttribute('href', '/marcas/gerenciar');
    expect(screen.getByRole('button', { name: 'Baixar relatório (CSV)' })).toBeEnabled();
  });

  it('refuses a file too large or of another type before sending it, in the server’s words', async () => {
    const user = userEvent.setup();
    const api = signedIn({ 'POST /api/brands/import': importApi });
    renderRoute('/importar?tipo=marcas');

    await chooseFile(new File(['x'], 'marcas.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escolha um arquivo .csv ou .xlsx');
    await chooseFile(new File(['x'], 'marcas.xls'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Planilhas .xls (Excel 97-2003) não são aceitas. Salve-a como XLSX ou CSV',
    );
    await chooseFile(new File([], 'vazia.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent('A planilha está vazia');
    await chooseFile(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'grande.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent('A planilha deve ter no máximo 10 MB');
    await user.click(screen.getByRole('button', { name: 'Analisar planilha' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha a planilha a importar');
    expect(api.calls('POST /api/brands/import')).toHaveLength(0);
  });

  it('explains unchanged rows and a brand written without its contact, then reports them by name', async () => {
    const user = userEvent.setup();
    const email = 'compras.e.parcerias@padaria-sol-nascente.com.br';
    const answer = (dryRun: boolean): ImportResult => ({
      dry_run: dryRun,
      rows: 3,
      created: dryRun ? 0 : 1,
      updated: 0,
      unchanged: dryRun ? 0 : 1,
      contacts_skipped: 1,
      skipped: [
        {
          row: 3,
          field: 'contact_phone',
          message: 'Telefone é obrigatório',
          part: 'contact',
          name: 'Padaria Sol Nascente',
          issues: [
            { field: 'contact_phone', message: 'Telefone é obrigatório' },
            { field: 'contact_name', message: 'Nome do contato é curto' },
          ],
        },
        {
          row: 4,
          field: null,
          message: 'Linha com 7 colunas; o cabeçalho tem 6',
          part: 'row',
          name: 'Bar Lua',
          issues: [{ field: null, message: 'Linha com 7 colunas; o cabeçalho tem 6' }],
        },
      ],
      columns: [
        { header: 'Nome', field: 'name' },
        { header: 'CNPJ', field: 'cnpj' },
        { header: 'Contato', field: 'contact_name' },
        { header: 'Email', field: 'contact_email' },
        { header: 'Telefone', field: 'contact_phone' },
      ],
      preview: [
        {
          row: 2,
          action: 'unchanged',
          values: { name: 'Café Sol', cnpj: '11.222.333/0001-81', contact_name: 'Ana Lima' },
          issues: [],
        },
        {
          row: 3,
          action: 'create',
          values: {
            name: 'Padaria Sol Nascente',
            cnpj: '22.333.444/0001-05',
            contact_name: 'J',
            contact_email: email,
            contact_phone: '',
          },
          issues: [
            { field: 'contact_phone', message: 'Telefone é obrigatório' },
            { field: 'contact_name', message: 'Nome do contato é curto' },
          ],
        },
        {
          row: 4,
          action: 'skip',
          values: { name: 'Bar Lua', cnpj: '33.444.555/0001-10' },
          issues: [{ field: null, message: 'Linha com 7 colunas; o cabeçalho tem 6' }],
        },
      ],
    });
    signedIn({
      'POST /api/brands/import': (request) => ({ body: answer(request.form!.get('dry_run') === 'true') }),
    });
    renderRoute('/importar?tipo=marcas');

    await chooseFile(csvFile());
    await user.click(await screen.findByRole('button', { name: 'Analisar planilha' }));
    // A full name in one column is a field of its own.
    expect(await screen.findByRole('combobox', { name: 'Campo da coluna Contato' })).toHaveTextContent(
      'Contato (nome completo)',
    );
    await user.click(screen.getByRole('button', { name: 'Revisar linhas' }));

    const counters = await screen.findByRole('list', { name: 'Resumo da análise' });
    expect(within(counters).getByText('1 a criar')).toBeInTheDocument();
    expect(within(counters).getByText('1 sem alteração')).toBeInTheDocument();
    expect(within(counters).getByText('1 a ignorar')).toBeInTheDocument();
    expect(within(counters).getByText('1 sem contato')).toBeInTheDocument();
    const legend = screen.getByRole('group', { name: 'O que cada ação faz' });
    expect(
      within(legend)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Criar', 'Sem alteração', 'Ignorar', 'Sem contato']);
    expect(
      within(legend).getByText('A marca já está no Funil exatamente como na planilha: nada será gravado.'),
    ).toBeInTheDocument();
    expect(
      within(legend).getByText(
        'O contato principal não será importado, por estar incompleto ou inválido (veja Problemas); a marca segue a ação ao lado.',
      ),
    ).toBeInTheDocument();

    const rows = within(screen.getByRole('table', { name: 'Linhas da planilha' })).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Linha', 'Ação', 'Marca', 'CNPJ', 'Contato', 'Problemas', 'Detalhes']);
    expect(within(rows[1]!).getByText('Sem alteração')).toBeInTheDocument();
    const withoutContact = rows[2]!;
    expect(within(withoutContact).getByText('Criar')).toBeInTheDocument();
    expect(within(withoutContact).getByText('Sem contato')).toBeInTheDocument();
    expect(
      within(withoutContact).getByText('Telefone do contato: Telefone é obrigatório'),
    ).toBeInTheDocument();
    expect(
      within(withoutContact).getByText('Contato (nome completo): Nome do contato é curto'),
    ).toBeInTheDocument();
    // A CNPJ and an email stay whole on their line (cut with an ellipsis, never broken).
    expect(within(withoutContact).getByText('22.333.444/0001-05')).toHaveClass('whitespace-nowrap');
    expect(within(withoutContact).getByText(email)).toHaveClass('truncate', 'whitespace-nowrap');
    // The missing phone is marked where it would be.
    expect(within(withoutContact).getByText('(vazio)')).toHaveClass('text-red-700');
    expect(within(rows[3]!).getByText('Linha com 7 colunas; o cabeçalho tem 6')).toBeInTheDocument();

    // Every value of the row, whole, from a button the keyboard reaches.
    await user.click(within(withoutContact).getByRole('button', { name: 'Ver todos os valores da linha 3' }));
    const details = await screen.findByRole('dialog', { name: 'Linha 3 · Padaria Sol Nascente' });
    expect(within(details).getByText(email)).toBeInTheDocument();
    expect(within(details).getByText('(vazio)')).toBeInTheDocument();
    expect(within(details).getByText('Telefone do contato: Telefone é obrigatório')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Importar 1 linha' }));
    await screen.findByRole('heading', { name: 'Importação concluída' });
    const summary = screen.getByText('Criados').closest('dl')!;
    expect(within(summary).getByText('Sem alteração').nextSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Linhas ignoradas').nextSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Contatos não importados').nextSibling).toHaveTextContent('1');
    const notImported = screen.getByRole('table', { name: 'O que não foi importado' });
    expect(
      within(notImported).getByRole('row', {
        name:
          '3 Padaria Sol Nascente Marca criada, contato não importado ' +
          'Telefone do contato: Telefone é obrigatório Contato (nome completo): Nome do contato é curto',
      }),
    ).toBeInTheDocument();
    expect(
      within(notImported).getByRole('row', {
        name: '4 Bar Lua Linha não importada: a marca não foi criada nem alterada Linha com 7 colunas; o cabeçalho tem 6',
      }),
    ).toBeInTheDocument();
  });

  it('says there is nothing to write when the file’s rows are already in Funil as they are', async () => {
    const user = userEvent.setup();
    const same = mapped(true);
    signedIn({
      'POST /api/brands/import': {
        body: { ...same, preview: same.preview.map((row) => ({ ...row, action: 'unchanged', issues: [] })) },
      },
    });
    renderRoute('/importar?tipo=marcas');

    await chooseFile(csvFile());
    await user.click(await screen.findByRole('button', { name: 'Analisar planilha' }));
    await user.click(await screen.findByRole('button', { name: 'Revisar linhas' }));
    expect(
      await screen.findByText(
        'Nada a gravar: as linhas válidas já estão no Funil exatamente como na planilha.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar 0 linhas' })).toBeDisabled();
  });

  it('shows a header-only sheet’s refusal in the server’s words, until another file is chosen', async () => {
    const user = userEvent.setup();
    signedIn({
      'POST /api/brands/import': { status: 400, body: { message: 'A planilha só tem o cabeçalho' } },
    });
    renderRoute('/importar?tipo=marcas');

    await chooseFile(new File(['Nome;CNPJ\r\n'], 'so-cabecalho.csv'));
    await user.click(screen.getByRole('button', { name: 'Analisar planilha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A planilha só tem o cabeçalho');
    await chooseFile(csvFile());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal on the step and stays there', async () => {
    const user = userEvent.setup();
    const api = signedIn({
      'POST /api/leads/import': {
        status: 400,
        body: { message: 'Nenhuma coluna da planilha foi reconhecida' },
      },
    });
    renderRoute('/importar?tipo=oportunidades');

    expect(await screen.findByRole('radio', { name: 'Oportunidades' }, { timeout: 5000 })).toBeChecked();
    await chooseFile(csvFile());
    await user.click(screen.getByRole('button', { name: 'Analisar planilha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nenhuma coluna da planilha foi reconhecida');
    expect(screen.getByRole('heading', { name: 'Escolha a planilha' })).toBeInTheDocument();
    expect(api.calls('POST /api/leads/import')).toHaveLength(1);
  });
  it('offers the prospectus only to who may edit it', async () => {
    signedIn({});
    renderRoute('/importar?tipo=prospecto');
    expect(
      await screen.findByRole('radio', { name: 'Marcas com contato principal' }, { timeout: 5000 }),
    ).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Cotas do prospecto' })).not.toBeInTheDocument();
  });

  it('imports the prospectus: its rows named by quota, and what the stock refused', async () => {
    const user = userEvent.setup();
    const offeringColumns = [
      { header: 'Ano', field: 'prospectus_year' },
      { header: 'Vertical', field: 'vertical' },
      { header: 'Plataforma', field: 'platform' },
      { header: 'Cota', field: 'quota' },
      { header: 'Praça', field: 'franchise' },
      { header: 'Quantidade', field: 'quantity' },
      { header: 'Preço de tabela', field: 'list_price' },
    ];
    const values = (franchise: string, quantity: string) => ({
      prospectus_year: '2026',
      vertical: 'Esporte',
      platform: 'TV Aberta',
      quota: 'Cota Master',
      franchise,
      quantity,
      list_price: 'R$ 450.000,00',
    });
    const soldOut = { field: 'quantity', message: 'Já há 3 oportunidades com esta cota' };
    const answer = (dryRun: boolean): ImportResult => ({
      dry_run: dryRun,
      rows: 2,
      created: dryRun ? 0 : 1,
      updated: 0,
      unchanged: 0,
      contacts_skipped: 0,
      skipped: dryRun
        ? []
        : [
            {
              row: 3,
              ...soldOut,
              part: 'row',
              name: 'Cota Master · TV Aberta · Esporte · 2026 · Recife',
              issues: [soldOut],
            },
          ],
      columns: offeringColumns,
      preview: [
        { row: 2, action: 'create', values: values('', '2'), issues: [] },
        {
          row: 3,
          action: dryRun ? 'create' : 'skip',
          values: values('Recife', '1'),
          issues: dryRun ? [] : [soldOut],
        },
      ],
    });
    const api = signedIn(
      {
        'POST /api/offerings/import': (request) => ({
          body: answer(request.form!.get('dry_run') === 'true'),
        }),
      },
      ['manager'],
    );
    renderRoute('/importar?tipo=prospecto');

    expect(await screen.findByRole('radio', { name: 'Cotas do prospecto' }, { timeout: 5000 })).toBeChecked();
    expect(screen.getByText(/Uma linha por cota do prospecto/)).toBeInTheDocument();
    await chooseFile(new File(['Ano;Vertical\r\n2026;Esporte\r\n'], 'prospecto.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Analisar planilha' }));
    await screen.findByRole('heading', { name: 'Confira as colunas' });
    expect(await screen.findByText('Todos os campos obrigatórios têm uma coluna.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revisar linhas' }));

    const table = await screen.findByRole('table', { name: 'Linhas da planilha' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Linha', 'Ação', 'Cota', 'Problemas', 'Detalhes']);
    expect(rows[2]).toHaveTextContent('Cota Master · TV Aberta');
    expect(rows[2]).toHaveTextContent('Esporte · 2026');
    expect(rows[2]).toHaveTextContent('Recife');
    expect(screen.getByText('A cota será incluída no prospecto.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Importar 2 linhas' }));
    await screen.findByRole('heading', { name: 'Importação concluída' });
    expect(api.calls('POST /api/offerings/import').at(-1)!.form!.get('dry_run')).toBe('false');
    const skipped = screen.getByRole('table', { name: 'O que não foi importado' });
    expect(
      within(skipped).getByRole('row', {
        name:
          '3 Cota Master · TV Aberta · Esporte · 2026 · Recife Linha não importada: a cota não foi incluída nem alterada ' +
          'Quantidade: Já há 3 oportunidades com esta cota',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver prospecto' })).toHaveAttribute('href', '/prospecto');
    expect(screen.queryByRole('link', { name: 'Ver marcas' })).not.toBeInTheDocument();
  });
});

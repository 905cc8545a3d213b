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
    expect(within(columns).getByText('Café Sol · Bar Lua')).toBeInTheDocument();
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
    expect(within(counters).getByText('1 com problema')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Linhas da planilha' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Criar')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Ignorar')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('CNPJ: CNPJ inválido')).toBeInTheDocument();

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
    expect(within(summary).getByText('Ignorados').nextSibling).toHaveTextContent('1');
    const skipped = screen.getByRole('table', { name: 'Linhas ignoradas' });
    expect(within(skipped).getByRole('row', { name: '3 CNPJ CNPJ inválido' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver marcas' })).toHaveAttribute('href', '/marcas/gerenciar');
    expect(screen.getByRole('button', { name: 'Baixar relatório (CSV)' })).toBeEnabled();
  });

  it('refuses a file too large or of another type before sending it, in the server’s words', async () => {
    const user = userEvent.setup();
    const api = signedIn({ 'POST /api/brands/import': importApi });
    renderRoute('/importar?tipo=marcas');

    await chooseFile(new File(['x'], 'marcas.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escolha um arquivo .csv ou .xlsx');
    await chooseFile(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'grande.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent('A planilha deve ter no máximo 10 MB');
    await user.click(screen.getByRole('button', { name: 'Analisar planilha' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha a planilha a importar');
    expect(api.calls('POST /api/brands/import')).toHaveLength(0);
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
});

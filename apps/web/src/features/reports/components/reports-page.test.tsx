import { catalogueItemSchema, type PipelineReport, userResponseSchema } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiCatalogueItem, apiList, apiUser, fixtureId } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

const figures = (created: number, won: number, lost: number) => ({
  created,
  won,
  won_credit: won * 100_000,
  lost,
  lost_credit: lost * 50_000,
  conversion: won + lost === 0 ? null : won / (won + lost),
  avg_days_to_sign: won === 0 ? null : 21.5,
});

const BY_MONTH: PipelineReport = {
  group_by: 'month',
  from: '2026-01-01',
  to: '2026-02-28',
  groups: [
    { key: '2026-01', label: '2026-01', ...figures(4, 1, 1) },
    { key: '2026-02', label: '2026-02', ...figures(6, 2, 0) },
  ],
  total: { ...figures(10, 3, 1), avg_days_to_sign: 23.3 },
  lost_reasons: [
    { reason: 'Preço', count: 3 },
    { reason: '=Concorrente', count: 1 },
  ],
};

const BY_EXECUTIVE: PipelineReport = {
  ...BY_MONTH,
  group_by: 'executive',
  groups: [
    { key: 'u1', label: 'Carla Dias', ...figures(7, 3, 1) },
    { key: null, label: null, ...figures(3, 0, 0) },
  ],
};

const CARLA = apiUser({ id: fixtureId(1), name: 'Carla Dias', roles: ['comercial'] });
const BRUNO = apiUser({ id: fixtureId(2), name: 'Bruno Lima', roles: ['comercial'], isActive: false });
const EDUCACAO = apiCatalogueItem('EDUCACAO', { id: fixtureId(10), label: 'Educação' });
const ESPORTES = apiCatalogueItem('ESPORTES', { id: fixtureId(11), label: 'Esportes' });
const EMPTY_CATALOGUE = { body: apiList(catalogueItemSchema, []) };

function signedIn(report: StubRoute) {
  const user = apiUser({ roles: ['comercial'] });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return stubApi({
    'GET /api/auth/me': { body: user },
    'GET /api/reports/pipeline': report,
    'GET /api/users': { body: apiList(userResponseSchema, [BRUNO, CARLA]) },
    'GET /api/verticals': { body: apiList(catalogueItemSchema, [EDUCACAO, ESPORTES]) },
    'GET /api/quotas': EMPTY_CATALOGUE,
    'GET /api/platforms': EMPTY_CATALOGUE,
    'GET /api/franchises': {
      body: { data: [{ id: 'f1', _id: 'f1', name: 'Recife' }], total: 1, page: 1, limit: 1 },
    },
  });
}

const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

let downloads: { name: string; blob: Blob }[] = [];
let lastBlob: Blob | undefined;
beforeEach(() => {
  downloads = [];
  // recharts measures its container: give it the size a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    lastBlob = blob as Blob;
    return 'blob:report';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) downloads.push({ name: this.download, blob: lastBlob });
  });
});

describe('reports page', () => {
  it("asks for this year by month in the browser's time zone, and shows the totals and the rows", async () => {
    const api = signedIn({ body: BY_MONTH });
    renderRoute('/relatorios');

    const summary = await screen.findByLabelText('Resumo do período', {}, { timeout: 5000 });
    const today = new Date();
    expect(paramsOf(api.calls('GET /api/reports/pipeline')[0]!.url)).toEqual({
      from: `${today.getFullYear()}-01-01`,
      to: format(today, 'yyyy-MM-dd'),
      group_by: 'month',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(within(summary).getByText('10')).toBeInTheDocument();
    expect(within(summary).getByText(/R\$\s300\.000 em crédito/)).toBeInTheDocument();
    expect(within(summary).getByText(/R\$\s50\.000 em crédito/)).toBeInTheDocument();
    expect(within(summary).getByText('75%')).toBeInTheDocument();
    expect(within(summary).getByText('23,3')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Criadas, ganhas e perdidas por mês' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Mês',
      'Criadas',
      'Ganhas',
      'Crédito ganho',
      'Perdidas',
      'Crédito perdido',
      'Conversão',
      'Dias até assinar',
    ]);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('janeiro 2026');
    expect(rows[1]).toHaveTextContent(/janeiro 202641R\$\s100\.0001R\$\s50\.00050%21,5/);
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('fevereiro 2026');
    expect(rows[2]).toHaveTextContent(/fevereiro 202662R\$\s200\.0000R\$\s0100%21,5/);

    const reasons = screen.getByRole('table', { name: 'Principais motivos de perda' });
    expect(
      within(reasons)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MotivoPerdas', 'Preço3', '=Concorrente1']);
  });

  it('switches the grouping: asks again, keeps it in the URL, names the leads without an executive', async () => {
    const user = userEvent.setup();
    const api = signedIn(({ url }) => ({
      body: paramsOf(url).group_by === 'executive' ? BY_EXECUTIVE : BY_MONTH,
    }));
    const { router } = renderRoute('/relatorios');
    await screen.findByRole('table', { name: 'Criadas, ganhas e perdidas por mês' }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Executivo' }));

    const table = await screen.findByRole('table', { name: 'Criadas, ganhas e perdidas por executivo' });
    expect(screen.getByRole('button', { name: 'Executivo' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toContain('group=executive');
    expect(paramsOf(api.calls('GET /api/reports/pipeline').at(-1)!.url).group_by).toBe('executive');
    const headers = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Carla Dias', 'Sem executivo']);
  });

  it('asks for a custom period from the URL, and says what is wrong with a reversed one', async () => {
    const user = userEvent.setup();
    const api = signedIn({ body: BY_MONTH });
    renderRoute('/relatorios?period=custom&from=2026-01-01&to=2026-02-28&group=vertical');
    await screen.findByRole('table', { name: /Criadas, ganhas e perdidas/ }, { timeout: 5000 });
    expect(paramsOf(api.calls('GET /api/reports/pipeline')[0]!.url)).toMatchObject({
      from: '2026-01-01',
      to: '2026-02-28',
      group_by: 'vertical',
    });

    const from = screen.getByLabelText('De');
    await user.clear(from);
    await user.type(from, '2026-03-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A data inicial deve ser anterior ou igual à final.',
    );
    expect(api.calls('GET /api/reports/pipeline')).toHaveLength(1);
  });

  it('filters by executive and vertical: both go to the API and into the URL', async () => {
    const user = userEvent.setup();
    const api = signedIn({ body: BY_MONTH });
    const { router } = renderRoute('/relatorios');
    await screen.findByRole('table', { name: 'Criadas, ganhas e perdidas por mês' }, { timeout: 5000 });
    expect(screen.queryByText(/filtros? ativos?/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Executivo' }));
    expect(await screen.findByRole('option', { name: 'Bruno Lima (inativo)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Carla Dias' }));
    await user.click(screen.getByRole('combobox', { name: 'Vertical' }));
    await user.click(await screen.findByRole('option', { name: 'Educação' }));

    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/reports/pipeline').at(-1)!.url)).toMatchObject({
        executive: CARLA.id,
        vertical: EDUCACAO.id,
        group_by: 'month',
      }),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('executive')).toBe(CARLA.id);
    expect(search.get('vertical')).toBe(EDUCACAO.id);
    expect(screen.getByText('2 filtros ativos')).toBeInTheDocument();
  });

  it('restores the filters of a shared link, and "Limpar filtros" drops them all', async () => {
    const user = userEvent.setup();
    const api = signedIn(({ url }) => ({
      body: paramsOf(url).group_by === 'executive' ? BY_EXECUTIVE : BY_MONTH,
    }));
    const { router } = renderRoute(
      `/relatorios?group=executive&executive=${CARLA.id}&vertical=${EDUCACAO.id}&franchise=Recife&year=2027`,
    );
    await screen.findByRole('table', { name: 'Criadas, ganhas e perdidas por executivo' }, { timeout: 5000 });

    expect(paramsOf(api.calls('GET /api/reports/pipeline')[0]!.url)).toMatchObject({
      group_by: 'executive',
      executive: CARLA.id,
      vertical: EDUCACAO.id,
      franchise: 'Recife',
      prospectus_year: '2027',
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Executivo' })).toHaveTextContent('Carla Dias'),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Vertical' })).toHaveTextContent('Educação'),
    );
    expect(screen.getByRole('combobox', { name: 'Ano do prospecto' })).toHaveTextContent('2027');
    expect(screen.getByRole('button', { name: 'Praças' })).toHaveTextContent('1 praça');
    expect(screen.getByText('4 filtros ativos')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));

    await waitFor(() => expect(router.state.location.search).toBe('?group=executive'));
    const last = paramsOf(api.calls('GET /api/reports/pipeline').at(-1)!.url);
    expect(last).toMatchObject({ group_by: 'executive' });
    for (const name of ['executive', 'vertical', 'franchise', 'prospectus_year'])
      expect(last).not.toHaveProperty(name);
    expect(screen.getByRole('combobox', { name: 'Executivo' })).toHaveTextContent('Todos');
    expect(screen.queryByText(/filtros? ativos?/)).not.toBeInTheDocument();
  });

  it('says when the filters leave nothing in the period, and offers to clear them', async () => {
    const user = userEvent.setup();
    const api = signedIn(({ url }) => ({
      body: paramsOf(url).executive
        ? { ...BY_MONTH, groups: [], total: figures(0, 0, 0), lost_reasons: [] }
        : BY_MONTH,
    }));
    const { router } = renderRoute(`/relatorios?executive=${CARLA.id}`);

    const empty = await screen.findByText('Nada neste período', {}, { timeout: 5000 });
    // The empty state's box: its title and text, then its action.
    const panel = empty.parentElement!.parentElement!;
    expect(panel).toHaveTextContent(
      'Nenhuma oportunidade que atenda aos filtros foi criada, ganha ou perdida no período escolhido.',
    );
    await user.click(within(panel).getByRole('button', { name: 'Limpar filtros' }));

    await screen.findByRole('table', { name: 'Criadas, ganhas e perdidas por mês' });
    expect(router.state.location.search).toBe('');
    expect(paramsOf(api.calls('GET /api/reports/pipeline').at(-1)!.url)).not.toHaveProperty('executive');
  });

  it('exports the figures as numbers: no currency, no grouping, conversion in percent, months as keys', async () => {
    const user = userEvent.setup();
    signedIn({ body: BY_MONTH });
    renderRoute('/relatorios');
    await screen.findByRole('table', { name: 'Criadas, ganhas e perdidas por mês' }, { timeout: 5000 });

    await user.click(
      screen.getByRole('button', { name: 'Exportar Criadas, ganhas e perdidas por mês como CSV' }),
    );

    expect(downloads).toHaveLength(1);
    const text = new TextDecoder().decode(await downloads[0]!.blob.arrayBuffer());
    expect(text.split('\r\n')).toEqual([
      'Mês;Criadas;Ganhas;Crédito ganho;Perdidas;Crédito perdido;Conversão (%);Dias até assinar',
      '2026-01;4;1;100000,00;1;50000,00;50,0;21,5',
      '2026-02;6;2;200000,00;0;0,00;100,0;21,5',
    ]);
  });

  it('exports a table as CSV: BOM, ";" in pt-BR, a formula-like reason escaped', async () => {
    const user = userEvent.setup();
    signedIn({ body: BY_MONTH });
    renderRoute('/relatorios');
    await screen.findByRole('table', { name: 'Principais motivos de perda' }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Exportar Principais motivos de perda como CSV' }));

    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toBe('motivos-de-perda.csv');
    const bytes = new Uint8Array(await downloads[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('Motivo;Perdas\r\nPreço;3\r\n"\'=Concorrente";1');
  });

  it('shows an empty period as such, and a failure with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    signedIn(() =>
      fail
        ? { status: 500, body: { message: 'Erro interno' } }
        : {
            body: { ...BY_MONTH, groups: [], total: figures(0, 0, 0), lost_reasons: [] },
          },
    );
    renderRoute('/relatorios');

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Não foi possível carregar o relatório.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar Novamente' }));

    expect(await screen.findByText('Nada neste período')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });
});

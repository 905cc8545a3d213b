import { CONTRACT_STATUSES, type LeadBoard, leadSchema } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelAllExports } from '@/features/spreadsheets/hooks/use-export-downloads';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiColumnTotals, apiLead, apiList, apiUser } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render';

const EMPTY_LIST = { body: { data: [], total: 0, page: 1, limit: 0 } };

function signedIn(routes: Record<string, StubRoute>) {
  const user = apiUser({ roles: ['comercial'] });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return stubApi({
    'GET /api/auth/me': { body: user },
    'GET /api/verticals': EMPTY_LIST,
    'GET /api/quotas': EMPTY_LIST,
    'GET /api/platforms': EMPTY_LIST,
    'GET /api/franchises': EMPTY_LIST,
    ...routes,
  });
}

const LEADS = [apiLead('Q1')];
const board: LeadBoard = {
  columns: CONTRACT_STATUSES.map((status) => ({
    ...apiColumnTotals(status, { count: status === 'frio' ? 1_234_567 : 1 }),
    data: status === 'frio' ? LEADS : [],
    next_cursor: null,
  })),
};

const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);
/** An export that never ends: the test looks at what was asked and at the panel. */
const pendingExport = () => new Response(new ReadableStream(), { headers: { 'Content-Type': 'text/csv' } });

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
});
afterEach(() => cancelAllExports());

describe('pipeline export', () => {
  it('exports the board’s filters and shows the rows the board counts', async () => {
    const user = userEvent.setup();
    const api = signedIn({ 'GET /api/leads/board': { body: board }, 'GET /api/leads/export': pendingExport });
    renderRoute('/dashboard?franchise=Recife&franchise=Salvador');
    await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });

    expect(screen.getByRole('link', { name: 'Importar oportunidades de uma planilha' })).toHaveAttribute(
      'href',
      '/importar?tipo=oportunidades',
    );
    await user.click(screen.getByRole('button', { name: 'Exportar oportunidades' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));

    const panel = await screen.findByRole('region', { name: 'Exportações em andamento' });
    expect(await within(panel).findByText(/1\.234\.574 linhas/)).toBeInTheDocument();
    const url = new URL(api.calls('GET /api/leads/export')[0]!.url, 'http://localhost');
    expect(url.searchParams.getAll('franchise')).toEqual(['Recife', 'Salvador']);
    expect(paramsOf(url.href)).toMatchObject({
      format: 'xlsx',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(url.searchParams.has('sort')).toBe(false);
  });

  it('exports in the list view’s order', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.leadViewMode, 'list');
    const api = signedIn({
      'GET /api/leads': { body: apiList(leadSchema, LEADS, { total: 1, limit: 20 }) },
      'GET /api/leads/export': pendingExport,
    });
    renderRoute('/dashboard');
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    await user.click(within(table).getByRole('button', { name: /Crédito/ }));
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/leads').at(-1)!.url)).toMatchObject({ sort: 'credit' }),
    );
    const { sort, order } = paramsOf(api.calls('GET /api/leads').at(-1)!.url);

    await user.click(screen.getByRole('button', { name: 'Exportar oportunidades' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(api.calls('GET /api/leads/export')).toHaveLength(1));
    expect(paramsOf(api.calls('GET /api/leads/export')[0]!.url)).toMatchObject({
      sort,
      order,
      format: 'csv',
    });
  });
});

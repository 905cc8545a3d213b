import {
  CONTRACT_STATUSES,
  type LeadBoard,
  type LeadListResponse,
  type LeadSummary,
  PIPELINE_DEFAULTS,
} from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatasetLead,
  expectedOrder,
  insertLeadDataset,
  isStaleByDefault,
} from '../../../test/lead-dataset';
import { buildTestApp } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

/**
 * Count, sums, forecast and stale count per status, as the API must answer them under the default
 * settings, computed from the dataset.
 */
const totalsOf = (leads: readonly DatasetLead[]) =>
  CONTRACT_STATUSES.map((status) => {
    const column = leads.filter((lead) => lead.contractStatus === status);
    const cents = (pick: (lead: DatasetLead) => number) =>
      Math.round(column.reduce((total, lead) => total + pick(lead) * 100, 0));
    const { probability } = PIPELINE_DEFAULTS[status];
    const weighted = (sum: number) => Math.round((sum * probability) / 100) / 100;
    return {
      contract_status: status,
      count: column.length,
      credit: cents((lead) => lead.credit) / 100,
      invest: cents((lead) => lead.invest) / 100,
      probability,
      weighted_credit: weighted(cents((lead) => lead.credit)),
      weighted_invest: weighted(cents((lead) => lead.invest)),
      stale_count: column.filter(isStaleByDefault).length,
    };
  });

describe('GET /api/leads/summary and /api/leads/board', () => {
  let app: App;
  let seller: SignedIn;
  let dataset: DatasetLead[];

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    dataset = await insertLeadDataset(app);
  });
  afterAll(() => app.close());

  const get = async <T>(url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: seller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  const filters: [string, (lead: DatasetLead) => boolean][] = [
    ['', () => true],
    ['prospectus_year=2026', (lead) => lead.prospectusYear === 2026],
    ['franchise=Recife&exchange=false', (lead) => lead.franchises.includes('Recife') && !lead.exchange],
    ['search=ALFA&rouanet_law=false', (lead) => lead.brandName === 'Alfa' && !lead.rouanetLaw],
    ['contract_status=frio,quente', (lead) => ['frio', 'quente'].includes(lead.contractStatus)],
    // From the running totals and the fresh leads' index range, then grouping the leads.
    ['stale=true', isStaleByDefault],
    ['prospectus_year=2027&stale=false', (lead) => lead.prospectusYear === 2027 && !isStaleByDefault(lead)],
    ['search=ALFA&stale=true', (lead) => lead.brandName === 'Alfa' && isStaleByDefault(lead)],
    // One franchise: its running totals and its links' statuses (the fresh leads of one franchise).
    ['franchise=Recife', (lead) => lead.franchises.includes('Recife')],
    [
      'franchise=Recife&prospectus_year=2027&stale=true',
      (lead) => lead.franchises.includes('Recife') && lead.prospectusYear === 2027 && isStaleByDefault(lead),
    ],
    [
      'franchise=Curitiba&stale=false',
      (lead) => lead.franchises.includes('Curitiba') && !isStaleByDefault(lead),
    ],
  ];

  it('sums every status under the filters, zeros included, in pipeline order', async () => {
    for (const [query, matches] of filters) {
      const summary = await get<LeadSummary>(`/api/leads/summary?${query}`);
      expect(summary.columns, query).toEqual(totalsOf(dataset.filter(matches)));
      const list = await get<LeadListResponse>(`/api/leads?limit=100&${query}`);
      expect(list.total, query).toBe(dataset.filter(matches).length);
      expect(list.data.map((lead) => lead.id).sort(), query).toEqual(
        dataset
          .filter(matches)
          .map((lead) => lead.id)
          .sort(),
      );
      expect(
        list.data
          .filter((lead) => lead.stale)
          .map((lead) => lead.id)
          .sort(),
        query,
      ).toEqual(
        dataset
          .filter((lead) => matches(lead) && isStaleByDefault(lead))
          .map((lead) => lead.id)
          .sort(),
      );
    }
    const nothing = await get<LeadSummary>('/api/leads/summary?search=nenhuma');
    expect(nothing.columns.map((column) => column.count)).toEqual(CONTRACT_STATUSES.map(() => 0));
  });

  it("answers each column's totals and first cards, and a cursor that continues the column", async () => {
    for (const [query, matches] of filters.filter(([query]) => !query.includes('contract_status'))) {
      const board = await get<LeadBoard>(`/api/leads/board?limit=3&${query}`);
      const matching = dataset.filter(matches);
      const totals = totalsOf(matching);
      expect(board.columns.map((column) => column.contract_status)).toEqual([...CONTRACT_STATUSES]);
      for (const [index, column] of board.columns.entries()) {
        const expected = expectedOrder(
          matching.filter((lead) => lead.contractStatus === column.contract_status),
        );
        const { data, next_cursor, ...columnTotals } = column;
        expect(columnTotals, `${query} ${column.contract_status}`).toEqual(totals[index]);
        expect(data.map((lead) => lead.id)).toEqual(expected.slice(0, 3));
        expect(next_cursor === null, `${query} ${column.contract_status}`).toBe(expected.length <= 3);
        if (next_cursor) {
          const rest = await get<LeadListResponse>(
            `/api/leads?limit=100&contract_status=${column.contract_status}&${query}&cursor=${next_cursor}`,
          );
          expect(rest.data.map((lead) => lead.id)).toEqual(expected.slice(3));
          expect(rest.next_cursor).toBeNull();
        }
      }
    }
  });

  it('takes 20 cards a column by default, at most 100, and ignores a status filter it cannot use', async () => {
    // The board shows every status: a contract_status parameter is dropped like any unknown one.
    const board = await get<LeadBoard>('/api/leads/board?contract_status=morno');
    const frio = dataset.filter((lead) => lead.contractStatus === 'frio');
    expect(board.columns[0]?.data).toHaveLength(Math.min(20, frio.length));
    expect(board.columns[0]?.next_cursor === null).toBe(frio.length <= 20);
    const tooMany = await app.inject({
      method: 'GET',
      url: '/api/leads/board?limit=101',
      headers: seller.headers,
    });
    expect(tooMany.statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'GET', url: '/api/leads/board' });
    expect(anonymous.statusCode).toBe(401);
  });
});

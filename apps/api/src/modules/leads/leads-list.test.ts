import { foldForSearch, LEAD_SORT_FIELDS, type LeadListResponse } from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatasetLead, expectedOrder, insertLeadDataset } from '../../../test/lead-dataset';
import { buildTestApp } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

describe('GET /api/leads: filters, sorts, pages and cursors', () => {
  let app: App;
  let seller: SignedIn;
  let dataset: DatasetLead[];

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    dataset = await insertLeadDataset(app);
  });
  afterAll(() => app.close());

  const list = (query: string) =>
    app.inject({ method: 'GET', url: `/api/leads?${query}`, headers: seller.headers });
  const page = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LeadListResponse>();
  };
  const ids = async (query: string) => (await page(`limit=100&${query}`)).data.map((lead) => lead.id);

  it('answers every lead, newest first, with its relations, franchises in name order', async () => {
    const first = await page('limit=100');
    expect(first.total).toBe(dataset.length);
    expect(first.data.map((lead) => lead.id)).toEqual(expectedOrder(dataset));
    const sample = dataset[1];
    const answered = first.data.find((lead) => lead.id === sample?.id);
    expect(answered).toMatchObject({
      brand_id: { id: sample?.brandId, name: sample?.brandName },
      vertical: { name: sample?.verticalName },
      executive: { id: sample?.executiveId, name: sample?.executiveName },
      franchises: ['Curitiba', 'Recife'],
      credit: sample?.credit,
      invest: sample?.invest,
    });
  });

  it('applies each filter on the server', async () => {
    const first = dataset[0] as DatasetLead;
    const cases: [string, (lead: DatasetLead) => boolean][] = [
      [`brand_id=${first.brandId}`, (lead) => lead.brandId === first.brandId],
      ['assessment=APICE', (lead) => foldForSearch(lead.assessment) === 'apice'],
      [`vertical=${first.verticalId}`, (lead) => lead.verticalId === first.verticalId],
      [`quota=${first.quotaId}`, (lead) => lead.quotaId === first.quotaId],
      [`platform=${first.platformId}`, (lead) => lead.platformId === first.platformId],
      [`executive=${first.executiveId}`, (lead) => lead.executiveId === first.executiveId],
      ['prospectus_year=2027', (lead) => lead.prospectusYear === 2027],
      ['contract_status=quente', (lead) => lead.contractStatus === 'quente'],
      ['contract_status=frio,assinado', (lead) => ['frio', 'assinado'].includes(lead.contractStatus)],
      ['exchange=true', (lead) => lead.exchange],
      ['exchange=false', (lead) => !lead.exchange],
      ['rouanet_law=true', (lead) => lead.rouanetLaw],
      ['franchise=Curitiba', (lead) => lead.franchises.includes('Curitiba')],
      [
        `franchise=${encodeURIComponent('São Paulo')}&franchise=Bel%C3%A9m`,
        (lead) => lead.franchises.includes('São Paulo') || lead.franchises.includes('Belém'),
      ],
      ['search=EBANO', (lead) => lead.brandName === 'Ébano'],
      ['search=rav', (lead) => lead.brandName === 'bravo'],
      ['search=%25', () => false],
      [
        `prospectus_year=2026&contract_status=frio&franchise=Recife`,
        (lead) =>
          lead.prospectusYear === 2026 &&
          lead.contractStatus === 'frio' &&
          lead.franchises.includes('Recife'),
      ],
    ];
    for (const [query, matches] of cases) {
      const expected = expectedOrder(dataset.filter(matches));
      const answer = await page(`limit=100&${query}`);
      expect(
        answer.data.map((lead) => lead.id),
        query,
      ).toEqual(expected);
      expect(answer.total, query).toBe(expected.length);
    }
    expect((await list('contract_status=gelado')).json().message).toBe('Status do contrato inválido');
    expect((await list('prospectus_year=1999')).json().message).toBe(
      'Ano do prospecto deve ser 2026, 2027 ou 2028',
    );
  });

  it('sorts by every field both ways, the id breaking ties and a missing executive last', async () => {
    for (const field of LEAD_SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) {
        expect(await ids(`sort=${field}&order=${order}`), `${field} ${order}`).toEqual(
          expectedOrder(dataset, field, order),
        );
      }
    }
    expect(await ids('sort=brand')).toEqual(expectedOrder(dataset, 'brand', 'asc'));
    expect((await list('sort=password')).statusCode).toBe(400);
    expect((await list('order=up')).json().message).toBe('Ordem deve ser asc ou desc');
  });

  it('pages by number: the last page, a page beyond the end, limit 100 and 101', async () => {
    const all = expectedOrder(dataset);
    const third = await page('limit=20&page=3');
    expect(third).toMatchObject({ total: all.length, page: 3, limit: 20, next_cursor: null });
    expect(third.data.map((lead) => lead.id)).toEqual(all.slice(40));
    const beyond = await page('limit=20&page=9');
    expect(beyond).toMatchObject({ data: [], total: all.length, page: 9, next_cursor: null });
    expect((await page('limit=100')).data).toHaveLength(all.length);
    expect((await list('limit=101')).json().message).toBe('Limite deve ser um número inteiro entre 1 e 100');
    expect((await list('page=0')).statusCode).toBe(400);
    const sorted = await page('limit=5&sort=credit');
    expect(sorted.next_cursor).toBeNull();
  });

  it('walks keyset pages that equal the offset pages, ties and microseconds included', async () => {
    for (const [filter, limit] of [
      ['', 4],
      ['', 7],
      ['contract_status=frio,quente', 3],
      ['franchise=Recife&exchange=false', 2],
    ] as const) {
      const walked: string[] = [];
      let cursor: string | null = null;
      let pageNumber = 1;
      do {
        const query: string = `limit=${limit}&${filter}${cursor ? `&cursor=${cursor}` : ''}`;
        const answer = await page(query);
        const offsetPage = await page(`limit=${limit}&page=${pageNumber}&${filter}`);
        expect(
          answer.data.map((lead) => lead.id),
          query,
        ).toEqual(offsetPage.data.map((lead) => lead.id));
        expect(answer.page).toBe(1);
        walked.push(...answer.data.map((lead) => lead.id));
        cursor = answer.next_cursor;
        pageNumber += 1;
      } while (cursor);
      expect(walked, filter).toEqual(await ids(filter));
    }
  });

  it('refuses a cursor it did not issue', async () => {
    for (const cursor of ['abc', Buffer.from('["2026-01-01", "x"]').toString('base64url'), "1' or 1=1"]) {
      const response = await list(`cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().message).toBe('Cursor inválido');
    }
  });
});

import {
  type Lead,
  leadBoardSchema,
  leadListResponseSchema,
  type LeadListResponse,
  leadSchema,
} from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia } from '../../../test/brand-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia, type LeadReferences } from '../../../test/lead-fixtures';
import { expectSchemaBytes } from '../../../test/schema-bytes';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

// Texts that JSON escapes, or that a careless writer would change: quotes, a backslash, a tab,
// accents, an emoji.
const AWKWARD_BRAND = 'Marca "Aspas" \\ Barra – Ünïcode 🎉';
const AWKWARD_ASSESSMENT = 'Q1\t"2026" \\ São';

describe('lead answers written by the database', () => {
  let app: App;
  let seller: SignedIn;
  let refs: LeadReferences;
  let leadsMade: Lead[];

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'], name: 'Ana "Vendas" Souza' });
    refs = await createLeadReferences(app, seller.headers);
    const awkwardBrand = await createBrandVia(app, seller.headers, {
      name: AWKWARD_BRAND,
      area_of_activity: 'Mídia\nImpressa',
    });
    leadsMade = [
      await createLeadVia(app, seller.headers, refs, { credit: 0, invest: 0 }),
      await createLeadVia(
        app,
        seller.headers,
        { ...refs, brandId: awkwardBrand.id },
        {
          assessment: AWKWARD_ASSESSMENT,
          executive: seller.user.id,
          franchises: ['São Paulo', 'Belém', 'Rio de Janeiro'],
          credit: 999_999_999_999.99,
          invest: 4321.5,
          exchange: true,
          rouanet_law: true,
          contract_status: 'quente',
        },
      ),
      await createLeadVia(app, seller.headers, refs, {
        credit: 1000,
        invest: 0.01,
        contract_status: 'quente',
      }),
    ];
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: seller.headers });

  it('answers a lead as its schema writes it, awkward texts and money included', async () => {
    for (const made of leadsMade) {
      const response = await get(`/api/leads/${made.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expectSchemaBytes(leadSchema, response.body);
    }
    const awkward = (await get(`/api/leads/${leadsMade[1]?.id}`)).json<Lead>();
    expect(awkward).toMatchObject({
      brand_id: { name: AWKWARD_BRAND, area_of_activity: 'Mídia\nImpressa' },
      assessment: AWKWARD_ASSESSMENT,
      executive: { id: seller.user.id, name: 'Ana "Vendas" Souza' },
      franchises: ['Belém', 'Rio de Janeiro', 'São Paulo'],
      credit: 999_999_999_999.99,
      invest: 4321.5,
    });
    expect((await get(`/api/leads/${leadsMade[0]?.id}`)).json<Lead>().executive).toBeNull();
  });

  it('answers created and updated leads the same way', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: seller.headers,
      payload: {
        brand_id: refs.brandId,
        assessment: 'Q3/2026',
        vertical: refs.verticalId,
        quota: refs.quotaId,
        platform: refs.platformId,
        prospectus_year: 2027,
        contract_status: 'morno',
      },
    });
    expect(created.statusCode).toBe(201);
    expectSchemaBytes(leadSchema, created.body);
    const id = created.json<Lead>().id;
    const updated = await app.inject({
      method: 'PATCH',
      url: `/api/leads/${id}`,
      headers: seller.headers,
      payload: { credit: 10.1, franchises: ['Recife'] },
    });
    expect(updated.statusCode).toBe(200);
    expectSchemaBytes(leadSchema, updated.body);
    expect(updated.json<Lead>()).toMatchObject({ credit: 10.1, franchises: ['Recife'] });
  });

  it('answers pages, keyset pages and the board as their schemas write them', async () => {
    const first = await get('/api/leads?limit=2');
    expectSchemaBytes(leadListResponseSchema, first.body);
    const { next_cursor: cursor, total } = first.json<LeadListResponse>();
    expect(total).toBeGreaterThanOrEqual(4);
    expect(cursor).not.toBeNull();
    const next = await get(`/api/leads?limit=2&cursor=${cursor}`);
    expectSchemaBytes(leadListResponseSchema, next.body);
    expectSchemaBytes(
      leadListResponseSchema,
      (await get('/api/leads?sort=brand&order=asc&page=2&limit=1')).body,
    );
    const empty = await get('/api/leads?search=nada%20assim');
    expectSchemaBytes(leadListResponseSchema, empty.body);
    expect(empty.json<LeadListResponse>().data).toEqual([]);
    expectSchemaBytes(leadBoardSchema, (await get('/api/leads/board?limit=1')).body);
  });
});

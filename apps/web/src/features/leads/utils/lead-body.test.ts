import type { LeadCreate } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { apiLead, apiUser, fixtureId } from '@/test/api-fixtures';
import { toCreateBody, toUpdateBody } from './lead-body';

const values: LeadCreate = {
  brand_id: fixtureId(1),
  assessment: 'Q1 2026',
  vertical: fixtureId(2),
  quota: fixtureId(3),
  platform: fixtureId(4),
  prospectus_year: 2026,
  contract_status: 'frio',
  executive: null,
  franchises: [],
  credit: 1500.5,
  invest: 0,
  exchange: false,
  rouanet_law: true,
};

describe('lead bodies', () => {
  it('leaves an empty executive and no franchises out of a new lead', () => {
    const body = toCreateBody(values);
    expect(body).not.toHaveProperty('executive');
    expect(body).not.toHaveProperty('franchises');
    expect(body).toMatchObject({ brand_id: fixtureId(1), credit: 1500.5, rouanet_law: true });
  });

  it('sends them when chosen', () => {
    expect(toCreateBody({ ...values, executive: fixtureId(9), franchises: ['SP'] })).toMatchObject({
      executive: fixtureId(9),
      franchises: ['SP'],
    });
  });

  describe('an edit', () => {
    const opened = apiLead('Q1 2026', { franchises: ['Recife', 'Belo Horizonte'], credit: 1500.5 });
    const unchanged: LeadCreate = {
      brand_id: opened.brand_id.id,
      assessment: 'Q1 2026',
      vertical: opened.vertical.id,
      quota: opened.quota.id,
      platform: opened.platform.id,
      prospectus_year: opened.prospectus_year,
      contract_status: opened.contract_status,
      executive: null,
      franchises: ['Belo Horizonte', 'Recife'],
      credit: 1500.5,
      invest: opened.invest,
      exchange: opened.exchange,
      rouanet_law: opened.rouanet_law,
    };

    it('sends nothing when nothing changed (the franchises in another order are the same set)', () => {
      expect(toUpdateBody(unchanged, opened)).toEqual({});
    });

    it('sends only the changed fields, never the brand', () => {
      const body = toUpdateBody(
        {
          ...unchanged,
          brand_id: fixtureId(99),
          assessment: 'Q2 2026',
          credit: 10,
          exchange: !opened.exchange,
        },
        opened,
      );
      expect(body).toEqual({ assessment: 'Q2 2026', credit: 10, exchange: !opened.exchange });
    });

    it('sends the whole set of franchises when it changed, and a cleared executive as null', () => {
      const withExecutive = apiLead('Q1 2026', {
        franchises: ['Recife'],
        credit: 1500.5,
        executive: apiUser({ id: fixtureId(9) }),
      });
      expect(
        toUpdateBody({ ...unchanged, executive: null, franchises: ['Recife', 'Salvador'] }, withExecutive),
      ).toEqual({ executive: null, franchises: ['Recife', 'Salvador'] });
      expect(toUpdateBody({ ...unchanged, franchises: [] }, opened)).toEqual({ franchises: [] });
    });
  });
});

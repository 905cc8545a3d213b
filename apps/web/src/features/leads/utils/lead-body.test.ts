import type { LeadCreate } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { fixtureId } from '@/test/api-fixtures';
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

  it('sends an update without the brand, clearing the executive and the franchises explicitly', () => {
    const body = toUpdateBody(values);
    expect(body).not.toHaveProperty('brand_id');
    expect(body).toMatchObject({ executive: null, franchises: [] });
  });
});

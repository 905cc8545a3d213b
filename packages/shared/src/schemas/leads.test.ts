import { describe, expect, it } from 'vitest';
import { leadCreateSchema, leadFiltersSchema, leadListQuerySchema, leadUpdateSchema } from './leads';

const ID = '0b6f3b7e-4c1a-4f0e-9d2b-1a2b3c4d5e6f';
const valid = {
  brand_id: ID,
  assessment: ' Q1/2026 ',
  vertical: ID,
  quota: ID,
  platform: ID,
  prospectus_year: 2026,
  contract_status: 'frio',
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('lead create schema', () => {
  it('fills the defaults and trims', () => {
    expect(leadCreateSchema.parse(valid)).toEqual({
      ...valid,
      assessment: 'Q1/2026',
      executive: null,
      franchises: [],
      credit: 0,
      invest: 0,
      exchange: false,
      rouanet_law: false,
    });
  });

  it('names the missing fields in the form order, each with its required-field message', () => {
    const result = leadCreateSchema.safeParse({});
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'validation:lead.brand_required',
      'validation:lead.assessment_required',
      'validation:lead.vertical_required',
      'validation:lead.quota_required',
      'validation:lead.platform_required',
      'validation:lead.prospectus_year_required',
      'validation:lead.contract_status_required',
    ]);
  });

  it('takes the year as text from a select, and refuses other years', () => {
    expect(leadCreateSchema.parse({ ...valid, prospectus_year: '2027' }).prospectus_year).toBe(2027);
    expect(firstMessage(leadCreateSchema.safeParse({ ...valid, prospectus_year: 2025 }))).toBe(
      'validation:lead.prospectus_year_invalid',
    );
  });

  it('refuses negative amounts, three decimals and amounts as strings', () => {
    for (const credit of [-1, 0.001, '10', MONEY_OVER]) {
      expect(firstMessage(leadCreateSchema.safeParse({ ...valid, credit }))).toBe(
        'validation:lead.amount_invalid',
      );
    }
    expect(leadCreateSchema.parse({ ...valid, credit: 1234.56 }).credit).toBe(1234.56);
    expect(leadCreateSchema.parse({ ...valid, invest: 0.1 + 0.2 }).invest).toBeCloseTo(0.3);
  });

  it('counts a franchise once and refuses unknown fields', () => {
    expect(leadCreateSchema.parse({ ...valid, franchises: ['Rio', 'Rio', 'Recife'] }).franchises).toEqual([
      'Rio',
      'Recife',
    ]);
    expect(leadCreateSchema.safeParse({ ...valid, id: ID }).success).toBe(false);
  });

  it("clears the executive with '' or null in a PATCH, and leaves it alone when absent", () => {
    expect(leadUpdateSchema.parse({ executive: '' })).toEqual({ executive: null });
    expect(leadUpdateSchema.parse({ executive: null })).toEqual({ executive: null });
    expect(leadUpdateSchema.parse({ contract_status: 'quente' })).toEqual({ contract_status: 'quente' });
  });
});

const MONEY_OVER = 1_000_000_000_000;

describe('lead filters', () => {
  it('reads one or several statuses and repeated franchises', () => {
    expect(leadFiltersSchema.parse({ contract_status: 'frio,quente', franchise: 'Rio' })).toMatchObject({
      contract_status: ['frio', 'quente'],
      franchise: ['Rio'],
    });
    expect(leadFiltersSchema.parse({ franchise: ['Rio', 'Recife'] }).franchise).toEqual(['Rio', 'Recife']);
    expect(firstMessage(leadFiltersSchema.safeParse({ contract_status: 'frio,gelado' }))).toBe(
      'validation:lead.contract_status_invalid',
    );
  });

  it('treats empty parameters as absent and refuses an unknown sort or a malformed cursor', () => {
    expect(leadListQuerySchema.parse({ vertical: '', search: '' })).toMatchObject({ page: 1, limit: 20 });
    expect(firstMessage(leadListQuerySchema.safeParse({ sort: 'password' }))).toBe(
      'validation:list.sort_invalid',
    );
    expect(firstMessage(leadListQuerySchema.safeParse({ cursor: "1' or 1=1" }))).toBe(
      'validation:list.cursor_invalid',
    );
  });
});

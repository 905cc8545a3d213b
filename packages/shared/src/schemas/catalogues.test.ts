import { describe, expect, it } from 'vitest';
import { catalogueCreateSchema, catalogueListQuerySchema, catalogueUpdateSchema } from './catalogues';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('catalogue schemas', () => {
  it('trims and upper-cases name and label, and defaults the status to active', () => {
    expect(catalogueCreateSchema.parse({ name: '  esporte ', label: 'futebol é vida' })).toEqual({
      name: 'ESPORTE',
      label: 'FUTEBOL É VIDA',
      status: 'active',
    });
  });

  it('answers the validation keys of the catalogue form', () => {
    expect(
      messages(catalogueCreateSchema.safeParse({ name: ' a ', label: 'x'.repeat(101), status: 'x' })),
    ).toEqual([
      'validation:catalogue.name_min',
      'validation:catalogue.label_max',
      'validation:catalogue.status_required',
    ]);
    expect(messages(catalogueCreateSchema.safeParse({}))).toEqual([
      'validation:catalogue.name_min',
      'validation:catalogue.label_min',
    ]);
  });

  it('rejects unknown fields', () => {
    const result = catalogueCreateSchema.safeParse({ name: 'AB', label: 'CD', id: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('updates any subset without inventing a status', () => {
    expect(catalogueUpdateSchema.parse({ label: 'novo' })).toEqual({ label: 'NOVO' });
  });

  it('leaves paging absent unless asked and rejects unknown sort fields', () => {
    const query = catalogueListQuerySchema.parse({ status: 'active', search: ' sao ' });
    expect(query).toMatchObject({ status: 'active', search: 'sao' });
    expect(query.page).toBeUndefined();
    expect(query.limit).toBeUndefined();
    expect(catalogueListQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
  });
});

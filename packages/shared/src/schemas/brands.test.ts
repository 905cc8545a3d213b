import { describe, expect, it } from 'vitest';
import { brandCreateSchema, brandListQuerySchema, brandUpdateSchema } from './brands';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const valid = { name: 'Café Serra', company_name: 'Torrefação Serra S.A.', cnpj: '11.222.333/0001-81' };

describe('brand schemas', () => {
  it('keeps a numeric CNPJ as its 14 digits, active by default, optional texts absent', () => {
    expect(brandCreateSchema.parse(valid)).toEqual({
      name: 'Café Serra',
      company_name: 'Torrefação Serra S.A.',
      cnpj: '11222333000181',
      status: 'active',
    });
  });

  it('accepts an alphanumeric CNPJ in any case and keeps it in upper case', () => {
    expect(brandCreateSchema.parse({ ...valid, cnpj: '12.abc.345/01de-35' }).cnpj).toBe('12ABC34501DE35');
  });

  it('answers the brand form messages, in field order', () => {
    expect(
      messages(brandCreateSchema.safeParse({ name: 'A', company_name: ' ', cnpj: '', status: 'x' })),
    ).toEqual([
      'validation:brand.name_required',
      'validation:brand.company_name_required',
      'validation:brand.cnpj_required',
      'validation:brand.status_required',
    ]);
    expect(messages(brandCreateSchema.safeParse({ ...valid, cnpj: '11.222.333/0001-82' }))).toEqual([
      'validation:brand.cnpj_invalid',
    ]);
    expect(messages(brandCreateSchema.safeParse({ ...valid, cnpj: '123' }))).toEqual([
      'validation:brand.cnpj_invalid',
    ]);
  });

  it('turns an empty optional text into null, and refuses unknown fields', () => {
    expect(
      brandCreateSchema.parse({ ...valid, responsible: ' ', description: 'Marca nacional' }),
    ).toMatchObject({
      responsible: null,
      description: 'Marca nacional',
    });
    expect(brandCreateSchema.safeParse({ ...valid, image_url: 'x' }).success).toBe(false);
  });

  it('updates any subset; null clears an optional field', () => {
    expect(brandUpdateSchema.parse({ segmentation: null })).toEqual({ segmentation: null });
    expect(brandUpdateSchema.parse({})).toEqual({});
    expect(messages(brandUpdateSchema.safeParse({ cnpj: 'x' }))).toEqual(['validation:brand.cnpj_invalid']);
  });

  it('pages by 20 by default and knows its sort fields', () => {
    expect(brandListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 20 });
    expect(
      brandListQuerySchema.parse({ sort: 'company_name', order: 'desc', search: ' são ' }),
    ).toMatchObject({
      sort: 'company_name',
      order: 'desc',
      search: 'são',
    });
    expect(brandListQuerySchema.safeParse({ sort: 'cnpj' }).success).toBe(false);
  });
});

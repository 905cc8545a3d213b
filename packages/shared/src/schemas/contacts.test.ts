import { describe, expect, it } from 'vitest';
import { contactCreateSchema, contactUpdateSchema } from './contacts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const BRAND = '0b6f7a52-3d8e-4a55-9a43-5c1d2f0e9b11';
const valid = {
  brand_id: BRAND,
  first_name: ' Ana ',
  last_name: 'Souza',
  email: 'Ana@Marca.com.br',
  phone_number: '+55 (11) 99999-9999',
};

describe('contact schemas', () => {
  it('trims, keeps the phone as digits, and defaults to secundario and active', () => {
    expect(contactCreateSchema.parse(valid)).toEqual({
      brand_id: BRAND,
      first_name: 'Ana',
      last_name: 'Souza',
      email: 'ana@marca.com.br',
      phone_number: '5511999999999',
      flag: 'secundario',
      status: 'active',
    });
  });

  it('checks first name, last name, email, phone in that order, after trimming', () => {
    expect(
      messages(
        contactCreateSchema.safeParse({
          brand_id: BRAND,
          first_name: ' ',
          last_name: '',
          email: ' ',
          phone_number: '',
        }),
      ),
    ).toEqual([
      'validation:contact.first_name_required',
      'validation:contact.last_name_required',
      'validation:contact.email_required',
      'validation:contact.phone_required',
    ]);
    expect(messages(contactCreateSchema.safeParse({ ...valid, email: 'ana@' }))).toEqual([
      'validation:contact.email_invalid',
    ]);
    expect(messages(contactCreateSchema.safeParse({ ...valid, phone_number: '1199999' }))).toEqual([
      'validation:contact.phone_invalid',
    ]);
    expect(messages(contactCreateSchema.safeParse({ ...valid, phone_number: '55119999999999' }))).toEqual([
      'validation:contact.phone_invalid',
    ]);
  });

  it('needs a brand', () => {
    const { brand_id: _brand, ...withoutBrand } = valid;
    expect(messages(contactCreateSchema.safeParse(withoutBrand))).toEqual([
      'validation:contact.brand_required',
    ]);
    expect(messages(contactCreateSchema.safeParse({ ...valid, brand_id: 'x' }))).toEqual([
      'validation:common.id_invalid',
    ]);
  });

  it('updates any field but the brand', () => {
    expect(contactUpdateSchema.parse({ flag: 'principal' })).toEqual({ flag: 'principal' });
    expect(contactUpdateSchema.safeParse({ brand_id: BRAND }).success).toBe(false);
    expect(contactUpdateSchema.parse({ position: '' })).toEqual({ position: null });
  });
});

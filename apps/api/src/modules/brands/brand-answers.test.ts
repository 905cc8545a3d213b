import { type Brand, brandListResponseSchema, brandSchema } from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia, createContactVia } from '../../../test/brand-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { expectSchemaBytes } from '../../../test/schema-bytes';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

describe('brand answers read through the brand shape', () => {
  let app: App;
  let seller: SignedIn;
  let withPrincipal: Brand;
  let withoutPrincipal: Brand;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    withPrincipal = await createBrandVia(app, seller.headers, {
      name: 'Marca "Aspas" \\ Ünïcode',
      responsible: 'Rui',
      description: 'Linha 1\nLinha 2',
    });
    await createContactVia(app, seller.headers, withPrincipal.id, { flag: 'principal', last_name: 'Souza' });
    withoutPrincipal = await createBrandVia(app, seller.headers);
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: seller.headers });

  it('answers a brand as its schema writes it, with and without a principal contact', async () => {
    const first = await get(`/api/brands/${withPrincipal.id}`);
    expectSchemaBytes(brandSchema, first.body);
    expect(first.json<Brand>()).toMatchObject({
      name: 'Marca "Aspas" \\ Ünïcode',
      description: 'Linha 1\nLinha 2',
      image_url: null,
      principal_contact: { name: 'Ana Souza' },
    });
    const second = await get(`/api/brands/${withoutPrincipal.id}`);
    expectSchemaBytes(brandSchema, second.body);
    expect(second.json<Brand>().principal_contact).toBeNull();
  });

  it('answers pages, searches and the unpaged list as their schema writes them', async () => {
    expectSchemaBytes(brandListResponseSchema, (await get('/api/brands?limit=1&page=2')).body);
    expectSchemaBytes(brandListResponseSchema, (await get('/api/brands?search=aspas')).body);
    expectSchemaBytes(brandListResponseSchema, (await get('/api/brands?search=nenhuma%20assim')).body);
  });
});

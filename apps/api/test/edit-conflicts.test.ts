import type { Brand, Contact, Lead } from '@funil/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { leads } from '../src/db/schema';
import { createBrandVia, createContactVia } from './brand-fixtures';
import { buildTestApp } from './build-test-app';
import { createLeadReferences, createLeadVia } from './lead-fixtures';
import { type SignedIn, signIn } from './sign-in';

const CONFLICT = 'Este registro foi alterado por outra pessoa. Recarregue e tente novamente.';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('concurrent edits: ETag and If-Match on leads, brands and contacts', () => {
  let app: App;
  let seller: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    other = await signIn(app, { roles: ['comercial'] });
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: seller.headers });
  const patch = (url: string, payload: object, headers: Record<string, string> = {}, user = seller) =>
    app.inject({ method: 'PATCH', url, headers: { ...user.headers, ...headers }, payload });
  const etagOf = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    const etag = response.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    return etag as string;
  };

  type Resource = {
    name: string;
    create: () => Promise<{ id: string }>;
    url: (id: string) => string;
    change: (n: number) => Record<string, unknown>;
    read: (record: unknown) => unknown;
  };
  const resources: Resource[] = [
    {
      name: 'lead',
      create: async () => createLeadVia(app, seller.headers, await createLeadReferences(app, seller.headers)),
      url: (id) => `/api/leads/${id}`,
      change: (n) => ({ assessment: `Q${n}/2026` }),
      read: (record) => (record as Lead).assessment,
    },
    {
      name: 'brand',
      create: () => createBrandVia(app, seller.headers),
      url: (id) => `/api/brands/${id}`,
      change: (n) => ({ responsible: `Rui ${n}` }),
      read: (record) => (record as Brand).responsible,
    },
    {
      name: 'contact',
      create: async () =>
        createContactVia(app, seller.headers, (await createBrandVia(app, seller.headers)).id),
      url: (id) => `/api/contacts/${id}`,
      change: (n) => ({ position: `Diretora ${n}` }),
      read: (record) => (record as Contact).position,
    },
  ];

  describe.each(resources)('$name', (resource) => {
    it('answers an ETag; a PATCH over it is 200 with a new one, and the new one saves again', async () => {
      const { id } = await resource.create();
      const url = resource.url(id);
      const loaded = await etagOf(url);
      const first = await patch(url, resource.change(1), { 'if-match': loaded });
      expect(first.statusCode, first.body).toBe(200);
      const saved = first.headers.etag as string;
      expect(saved).toMatch(/^"[^"]+"$/);
      expect(saved).not.toBe(loaded);
      expect(await etagOf(url)).toBe(saved);
      const second = await patch(url, resource.change(2), { 'if-match': saved });
      expect(second.statusCode, second.body).toBe(200);
      expect(resource.read(second.json())).toBe(resource.read({ ...resource.change(2) }));
    });

    it('refuses a PATCH over an older version with 412 and changes nothing', async () => {
      const { id } = await resource.create();
      const url = resource.url(id);
      const loaded = await etagOf(url);
      expect((await patch(url, resource.change(1), {}, other)).statusCode).toBe(200);
      const before = (await get(url)).body;
      const stale = await patch(url, resource.change(2), { 'if-match': loaded });
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ statusCode: 412, message: CONFLICT });
      expect((await get(url)).body).toBe(before);
    });

    it('lets the last write win without If-Match, and * over any existing version', async () => {
      const { id } = await resource.create();
      const url = resource.url(id);
      expect((await patch(url, resource.change(1), {}, other)).statusCode).toBe(200);
      const blind = await patch(url, resource.change(2));
      expect(blind.statusCode).toBe(200);
      expect(blind.headers.etag).toBe(await etagOf(url));
      expect((await patch(url, resource.change(3), { 'if-match': '*' })).statusCode).toBe(200);
    });

    it('treats a malformed or weak If-Match as no match', async () => {
      const { id } = await resource.create();
      const url = resource.url(id);
      const current = await etagOf(url);
      for (const ifMatch of [current.slice(1, -1), `W/${current}`, 'nonsense']) {
        expect((await patch(url, resource.change(1), { 'if-match': ifMatch })).statusCode, ifMatch).toBe(412);
      }
      expect((await patch(url, resource.change(1), { 'if-match': `"0", ${current}` })).statusCode).toBe(200);
    });

    it('answers 404 for a missing record before comparing versions', async () => {
      const response = await patch(resource.url(MISSING_ID), resource.change(1), { 'if-match': '"1"' });
      expect(response.statusCode).toBe(404);
    });

    it('lets exactly one of two concurrent PATCHes over the same version through', async () => {
      const { id } = await resource.create();
      const url = resource.url(id);
      const loaded = await etagOf(url);
      const answers = await Promise.all([
        patch(url, resource.change(1), { 'if-match': loaded }),
        patch(url, resource.change(2), { 'if-match': loaded }, other),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
      const winner = answers.find((answer) => answer.statusCode === 200);
      expect(resource.read((await get(url)).json())).toBe(resource.read(winner?.json()));
    });

    it("answers the 412's message in the request's language", async () => {
      const { id } = await resource.create();
      const url = resource.url(id);
      const messages = {
        en: 'This record was changed by someone else. Reload it and try again.',
        es: 'Este registro fue modificado por otra persona. Recárguelo e inténtelo de nuevo.',
      };
      for (const [language, message] of Object.entries(messages)) {
        const response = await patch(url, resource.change(1), {
          'if-match': '"0"',
          'accept-language': language,
        });
        expect(response.statusCode).toBe(412);
        expect(response.json().message).toBe(message);
      }
    });
  });

  it("changes a lead's ETag on a drag (status only), a franchise change and a write outside the API, not on its brand's rename", async () => {
    const refs = await createLeadReferences(app, seller.headers);
    const lead = await createLeadVia(app, seller.headers, refs);
    const url = `/api/leads/${lead.id}`;
    const seen = [await etagOf(url)];
    expect((await patch(url, { contract_status: 'morno' }, {}, other)).statusCode).toBe(200);
    seen.push(await etagOf(url));
    expect((await patch(url, { franchises: [] }, {}, other)).statusCode).toBe(200);
    seen.push(await etagOf(url));
    await app.db.update(leads).set({ exchange: true }).where(eq(leads.id, lead.id));
    seen.push(await etagOf(url));
    expect(new Set(seen).size).toBe(seen.length);
    const renamed = await patch(`/api/brands/${refs.brandId}`, { name: 'Outro Nome' }, {}, other);
    expect(renamed.statusCode).toBe(200);
    expect((await get(url)).json<Lead>().brand_id.name).toBe('Outro Nome');
    expect(await etagOf(url)).toBe(seen.at(-1));
  });

  it("changes a contact's ETag when another contact's promotion demotes it", async () => {
    const brand = await createBrandVia(app, seller.headers);
    const first = await createContactVia(app, seller.headers, brand.id, { flag: 'principal' });
    const second = await createContactVia(app, seller.headers, brand.id);
    const url = `/api/contacts/${first.id}`;
    const loaded = await etagOf(url);
    expect((await patch(`/api/contacts/${second.id}`, { flag: 'principal' }, {}, other)).statusCode).toBe(
      200,
    );
    expect((await get(url)).json<Contact>().flag).toBe('secundario');
    expect(await etagOf(url)).not.toBe(loaded);
    // Saving the stale form would have made it principal again beside the new one.
    const stale = await patch(url, { flag: 'principal' }, { 'if-match': loaded });
    expect(stale.statusCode).toBe(412);
    expect((await get(url)).json<Contact>().flag).toBe('secundario');
  });

  it('declares If-Match and the 412 on each PATCH in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/leads/{id}', '/api/brands/{id}', '/api/contacts/{id}']) {
      const operation = document.paths[path].patch;
      const headers = (operation.parameters as { name: string; in: string }[]).filter(
        (parameter) => parameter.in === 'header',
      );
      expect(
        headers.map((parameter) => parameter.name.toLowerCase()),
        path,
      ).toContain('if-match');
      expect(operation.responses, path).toHaveProperty('412');
    }
  });
});

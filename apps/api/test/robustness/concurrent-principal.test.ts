import type { Contact } from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { createBrandVia, createContactVia } from '../brand-fixtures';
import { buildTestApp } from '../build-test-app';
import { signIn } from '../sign-in';

describe('10 parallel "make principal" of 10 contacts of one brand', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('leave exactly one principal, and the brand names it', async () => {
    const { headers } = await signIn(app);
    const brand = await createBrandVia(app, headers);
    const contacts: Contact[] = [];
    for (let i = 0; i < 10; i++) contacts.push(await createContactVia(app, headers, brand.id));

    const answers = await Promise.all(
      contacts.map((contact) =>
        app.inject({
          method: 'PATCH',
          url: `/api/contacts/${contact.id}`,
          headers,
          payload: { flag: 'principal' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));

    const list = await app.inject({
      method: 'GET',
      url: `/api/contacts?brand_id=${brand.id}&limit=100`,
      headers,
    });
    const flags = list.json<{ data: Contact[] }>().data;
    expect(flags).toHaveLength(10);
    const principals = flags.filter((contact) => contact.flag === 'principal');
    expect(principals).toHaveLength(1);

    const brandNow = await app.inject({ method: 'GET', url: `/api/brands/${brand.id}`, headers });
    expect(brandNow.json<{ principal_contact: { email: string } | null }>().principal_contact?.email).toBe(
      principals[0]?.email,
    );
  });
});

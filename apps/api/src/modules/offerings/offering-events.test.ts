import { EventStreamClient } from '@funil/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia } from '../../../test/lead-fixtures';
import { listeningUrl } from '../../../test/listening-url';
import { createOfferingVia, moveLeadVia } from '../../../test/offering-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

type EventData = {
  type: string;
  id: string;
  by: { id: string; name: string } | null;
  record?: Record<string, unknown>;
};

describe('offering live events', () => {
  let app: App;
  let baseUrl: string;
  let manager: SignedIn;
  let seller: SignedIn;
  const open: EventStreamClient[] = [];

  beforeAll(async () => {
    app = await buildTestApp({ eventsPingMs: 200 });
    baseUrl = await listeningUrl(app);
    manager = await signIn(app, { roles: ['manager'], name: 'Marta' });
    seller = await signIn(app, { roles: ['comercial'], name: 'Ana' });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await app.close();
  });

  const connect = async () => {
    const client = await EventStreamClient.open(baseUrl, seller.headers);
    open.push(client);
    return client;
  };
  const read = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/offerings/${id}`, headers: seller.headers })).json();

  it('sends a lead move as offering.updated with the new counts, and creation and deletion as their own', async () => {
    const refs = await createLeadReferences(app, seller.headers);
    const stream = await connect();
    const offering = await createOfferingVia(app, manager.headers, refs, { quantity: 3 });
    const [created] = await stream.waitFor<EventData>('offering.created');
    expect(created).toMatchObject({
      type: 'offering.created',
      id: offering.id,
      by: { id: manager.user.id, name: 'Marta' },
      record: offering,
    });

    const lead = await createLeadVia(app, seller.headers, refs);
    expect((await moveLeadVia(app, seller.headers, lead.id, 'fechado')).statusCode).toBe(200);
    const [moved] = await stream.waitFor<EventData>('offering.updated');
    expect(moved).toMatchObject({ id: offering.id, by: { id: seller.user.id, name: 'Ana' } });
    expect(moved?.record).toMatchObject({ held: 1, sold: 0, available: 2 });
    expect(moved?.record).toEqual(await read(offering.id));

    expect((await moveLeadVia(app, seller.headers, lead.id, 'assinado')).statusCode).toBe(200);
    const updates = await stream.waitFor<EventData>('offering.updated', 2);
    expect(updates[1]?.record).toMatchObject({ held: 0, sold: 1, available: 2 });

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/offerings/${offering.id}`,
      headers: manager.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const [gone] = await stream.waitFor<EventData>('offering.deleted');
    expect(gone).toMatchObject({ id: offering.id, by: { id: manager.user.id } });
    expect(gone?.record).toBeUndefined();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia, createContactVia } from '../../../test/brand-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { EventStreamClient } from '@funil/test-server';
import { listeningUrl } from '../../../test/listening-url';
import { createLeadReferences, createLeadVia } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { brands, events } from '../../db/schema';
import { lastEventId, pruneEvents } from './event-log';

type EventData = {
  type: string;
  id: string;
  by: { id: string; name: string } | null;
  at: string;
  record?: Record<string, unknown>;
  changes?: Record<string, { from: string; to: string }>;
};

describe('GET /api/events', () => {
  let app: App;
  let baseUrl: string;
  let watcher: SignedIn;
  let ana: SignedIn;
  const open: EventStreamClient[] = [];
  const connect = async (headers: Record<string, string>) => {
    const client = await EventStreamClient.open(baseUrl, headers);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    app = await buildTestApp({ eventsPingMs: 200 });
    baseUrl = await listeningUrl(app);
    watcher = await signIn(app, { name: 'Bruno' });
    ana = await signIn(app, { name: 'Ana' });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await app.close();
  });

  it('refuses a caller without a session, in the usual JSON', async () => {
    const client = await connect({});
    expect(client.status).toBe(401);
    expect(JSON.parse(client.body)).toMatchObject({ message: 'Sessão expirada. Faça login novamente.' });
  });

  it('answers an event stream at once and pings it', async () => {
    const client = await connect(watcher.headers);
    expect(client.status).toBe(200);
    expect(client.contentType).toBe('text/event-stream; charset=utf-8');
    await client.until(() => client.pings >= 2);
  });

  it('sends every lead change with its record as GET answers it, who made it, and the status move', async () => {
    const refs = await createLeadReferences(app, ana.headers);
    const client = await connect(watcher.headers);
    const lead = await createLeadVia(app, ana.headers, refs);
    const [created] = await client.waitFor<EventData>('lead.created');
    const read = await app.inject({ method: 'GET', url: `/api/leads/${lead.id}`, headers: ana.headers });
    expect(created).toEqual({
      type: 'lead.created',
      id: lead.id,
      by: { id: ana.user.id, name: 'Ana' },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      record: read.json(),
    });
    // The record's bytes are the GET answer's bytes.
    const raw = client.events.find((event) => event.event === 'lead.created')?.data ?? '';
    expect(raw).toContain(`"record":${read.body}`);

    const move = await app.inject({
      method: 'PATCH',
      url: `/api/leads/${lead.id}`,
      headers: ana.headers,
      payload: { contract_status: 'quente' },
    });
    expect(move.statusCode).toBe(200);
    const [updated] = await client.waitFor<EventData>('lead.updated');
    expect(updated?.changes).toEqual({ contract_status: { from: 'frio', to: 'quente' } });
    expect(updated?.record).toEqual(move.json());

    await app.inject({
      method: 'PATCH',
      url: `/api/leads/${lead.id}`,
      headers: ana.headers,
      payload: { assessment: 'Q2/2026' },
    });
    const updates = await client.waitFor<EventData>('lead.updated', 2);
    expect(updates[1]).not.toHaveProperty('changes');

    const admin = await signIn(app, { roles: ['admin'], name: 'Carla' });
    await app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: admin.headers });
    const [deleted] = await client.waitFor<EventData>('lead.deleted');
    expect(deleted).toEqual({
      type: 'lead.deleted',
      id: lead.id,
      by: { id: admin.user.id, name: 'Carla' },
      at: expect.any(String),
    });

    const ids = client.events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends brand and contact changes, one event per record (a principal demoted, contacts of a deleted brand)', async () => {
    const client = await connect(watcher.headers);
    const brand = await createBrandVia(app, ana.headers);
    const first = await createContactVia(app, ana.headers, brand.id, { flag: 'principal' });
    const second = await createContactVia(app, ana.headers, brand.id, { flag: 'principal' });
    const [brandCreated] = await client.waitFor<EventData>('brand.created');
    expect(brandCreated).toMatchObject({ id: brand.id, by: { name: 'Ana' }, record: { id: brand.id } });
    await client.waitFor('contact.created', 2);
    const [demoted] = await client.waitFor<EventData>('contact.updated');
    expect(demoted).toMatchObject({ id: first.id, record: { flag: 'secundario' } });

    const admin = await signIn(app, { roles: ['admin'] });
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/brands/${brand.id}`,
      headers: admin.headers,
    });
    expect(removal.statusCode).toBe(204);
    await client.waitFor('brand.deleted');
    const deletedContacts = await client.waitFor<EventData>('contact.deleted', 2);
    expect(deletedContacts.map((event) => event.id).sort()).toEqual([first.id, second.id].sort());
  });

  it('hears a write made outside the API (a CLI), with nobody named', async () => {
    const client = await connect(watcher.headers);
    const brand = await createBrandVia(app, ana.headers);
    await client.waitFor('brand.created');
    await app.db.update(brands).set({ responsible: 'Equipe' }).where(eq(brands.id, brand.id));
    const [updated] = await client.waitFor<EventData>('brand.updated');
    expect(updated).toMatchObject({ id: brand.id, by: null, record: { responsible: 'Equipe' } });
  });

  it('replays what a reconnecting client missed, after its Last-Event-ID', async () => {
    const first = await connect(watcher.headers);
    const brand = await createBrandVia(app, ana.headers);
    await first.waitFor('brand.created');
    const seen = first.events.at(-1)?.id ?? '';
    first.close();
    await createContactVia(app, ana.headers, brand.id);
    await createContactVia(app, ana.headers, brand.id);
    // Wait until both are in the log, as a client that was away would find them.
    await expect.poll(() => lastEventId(app.db)).toBeGreaterThanOrEqual(Number(seen) + 2);

    const again = await connect({ ...watcher.headers, 'last-event-id': seen });
    const replayed = await again.waitFor<EventData>('contact.created', 2);
    expect(replayed).toHaveLength(2);
    expect(Number(again.events[0]?.id)).toBe(Number(seen) + 1);
    // Live events follow the replayed ones, without a repeat.
    await createContactVia(app, ana.headers, brand.id);
    await again.waitFor('contact.created', 3);
    const ids = again.events.map((event) => Number(event.id));
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
  });

  it('tells a client whose events were pruned, or whose id this log never gave, to reload', async () => {
    const brand = await createBrandVia(app, ana.headers);
    await expect
      .poll(async () => (await app.db.select().from(events)).some((row) => row.data.includes(brand.id)))
      .toBe(true);
    const last = await lastEventId(app.db);
    await app.db.update(events).set({ at: new Date(Date.now() - 3_600_000) });
    expect(await pruneEvents(app.db, 600_000)).toBe(last);

    const odd = ['not-a-number', '-5', '1e3', '9'.repeat(40), "1' or '1'='1"];
    for (const lastEventIdHeader of ['1', String(last + 1000), ...odd]) {
      const client = await connect({ ...watcher.headers, 'last-event-id': lastEventIdHeader });
      await client.until(() => client.events.length > 0);
      expect(client.events[0]).toEqual({ id: String(last), event: 'reset', data: '{"type":"reset"}' });
    }
    // Right at the horizon: nothing is missing, so no reset.
    const current = await connect({ ...watcher.headers, 'last-event-id': String(last) });
    await createBrandVia(app, ana.headers);
    await current.waitFor('brand.created');
    expect(current.events.map((event) => event.event)).toEqual(['brand.created']);
  });

  it('ends the stream when its session ends', async () => {
    const leaving = await signIn(app);
    const client = await connect(leaving.headers);
    await client.until(() => client.pings >= 1);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: leaving.headers });
    expect(logout.statusCode).toBe(204);
    await client.ended;
    const again = await connect(leaving.headers);
    expect(again.status).toBe(401);
  });
});

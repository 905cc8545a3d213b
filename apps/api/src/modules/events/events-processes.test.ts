import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia } from '../../../test/brand-fixtures';
import { buildTestApp, createPostgresTestDatabase, testDbKind } from '../../../test/build-test-app';
import { EventStreamClient } from '@funil/test-server';
import { listeningUrl } from '../../../test/listening-url';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { openPostgres } from '../../db/client';
import { LISTENER_APPLICATION_NAME } from '../../db/database-listener';

type EventData = { type: string; id: string; record?: { name?: string } };

// Several API processes on one PostgreSQL database (apps with their own pools and listening
// connections): a write through any of them reaches the streams open on all of them, in the order
// the writes committed, across a lost listening connection and a process going away.
describe.runIf(testDbKind() === 'postgres')('live updates across API processes', () => {
  let url: string;
  let drop: () => Promise<void>;
  let apps: App[];
  let writer: SignedIn;
  const clients: EventStreamClient[] = [];
  const connect = async (app: App, headers: Record<string, string>) => {
    const client = await EventStreamClient.open(await listeningUrl(app), headers);
    clients.push(client);
    return client;
  };
  const admin = () => new pg.Client({ connectionString: url });

  beforeAll(async () => {
    const database = await createPostgresTestDatabase({ migrated: true });
    url = database.url;
    drop = database.drop;
    const open = () => openPostgres(url, { max: 3 });
    const env = { JWT_SECRET: 'one-installation-shares-this-secret-0123456789' };
    apps = [
      await buildTestApp({ db: open(), env, eventsPingMs: 200 }),
      await buildTestApp({ db: open(), env, eventsPingMs: 200 }),
      await buildTestApp({ db: open(), env, eventsPingMs: 200 }),
    ];
    writer = await signIn(apps[0] as App, { name: 'Ana' });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const app of apps) await app.close();
    await drop();
  });

  it('delivers a write through one process to the streams of every process', async () => {
    const streams = await Promise.all(apps.map((app) => connect(app, writer.headers)));
    const brand = await createBrandVia(apps[1] as App, writer.headers);
    for (const stream of streams) {
      const [created] = await stream.waitFor<EventData>('brand.created');
      expect(created?.id).toBe(brand.id);
    }
    // One log: the same id everywhere.
    expect(new Set(streams.map((stream) => stream.events.at(-1)?.id)).size).toBe(1);
  });

  it('numbers events in the order their writes committed, so a reader never skips one', async () => {
    const stream = await connect(apps[2] as App, writer.headers);
    const early = admin();
    const late = admin();
    await early.connect();
    await late.connect();
    try {
      // `early` writes first (its outbox row is numbered first) but commits last.
      await early.query('begin');
      await early.query(
        `insert into brands (name, company_name, cnpj) values ('Primeira', 'P Ltda', '11222333000181')`,
      );
      await late.query(
        `insert into brands (name, company_name, cnpj) values ('Segunda', 'S Ltda', '11222333000181')`,
      );
      const [second] = await stream.waitFor<EventData>('brand.created');
      expect(second?.record?.name).toBe('Segunda');
      await early.query('commit');
      const both = await stream.waitFor<EventData>('brand.created', 2);
      expect(both.map((event) => event.record?.name)).toEqual(['Segunda', 'Primeira']);
      const ids = stream.events.map((event) => Number(event.id));
      expect(ids[1]).toBeGreaterThan(ids[0] ?? Infinity);
    } finally {
      await early.end();
      await late.end();
    }
  });

  it('loses nothing while a process cannot listen, and catches up when it listens again', async () => {
    const stream = await connect(apps[1] as App, writer.headers);
    const killer = admin();
    await killer.connect();
    try {
      const killed = await killer.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(killed.rowCount).toBe(3);
    } finally {
      await killer.end();
    }
    const brand = await createBrandVia(apps[0] as App, writer.headers);
    const [created] = await stream.waitFor<EventData>('brand.created');
    expect(created?.id).toBe(brand.id);
  });

  it('lets a client of a process that went away resume on another with no event lost', async () => {
    const leaving = apps.pop() as App;
    const stream = await connect(leaving, writer.headers);
    const before = await createBrandVia(apps[0] as App, writer.headers);
    // The last event this client saw is this brand's. Not simply the first event to arrive: the
    // process may still be catching up after the previous test cut its listening connection, and
    // then sends the brand made there to its streams, the new one included, before this one.
    const isBefore = (event: { event?: string; data: string }) =>
      event.event === 'brand.created' && (JSON.parse(event.data) as EventData).id === before.id;
    await stream.until(() => stream.events.some(isBefore));
    const seen = stream.events.find(isBefore)?.id ?? '';
    await leaving.close();
    await stream.ended;

    const during = await createBrandVia(apps[0] as App, writer.headers);
    const resumed = await connect(apps[1] as App, { ...writer.headers, 'last-event-id': seen });
    const after = await createBrandVia(apps[0] as App, writer.headers);
    const created = await resumed.waitFor<EventData>('brand.created', 2);
    expect(created.map((event) => event.id)).toEqual([during.id, after.id]);
  });
});

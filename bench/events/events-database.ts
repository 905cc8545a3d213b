// The live-updates benchmark's database: a new one of its own on a PostgreSQL server (dropped at
// the end), or BENCH_EVENTS_DATABASE_URL as it is. It writes thousands of status moves, so it never
// runs on the pipeline's database (BENCH_DATABASE_URL), whose figures it would change; it only
// borrows that address's server and credentials.
import { createDatabase, dropDatabase, withDatabase } from '@funil/test-server';
import { generateLeads } from '../lead-generator';
import { prepareAccountAndCatalogue } from '../support/bench-catalogue';
import { countLeads, withBenchClient } from '../support/bench-database';
import { startBenchServer } from '../support/bench-server';

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

export type EventsDatabase = { url: string; created: boolean; drop: () => Promise<void> };

/** The database to measure on: BENCH_EVENTS_DATABASE_URL, or a new one (`drop()` removes it). */
export async function openEventsDatabase(): Promise<EventsDatabase> {
  const given = process.env.BENCH_EVENTS_DATABASE_URL;
  if (given) return { url: given, created: false, drop: async () => {} };
  const server = withDatabase(process.env.BENCH_DATABASE_URL || DEFAULT_SERVER, 'postgres');
  const name = `funil_bench_events_${Date.now()}_${process.pid}`;
  const url = await createDatabase(server, name);
  return { url, created: true, drop: () => dropDatabase(server, name) };
}

/**
 * Migrates the database (a server started once), registers the bench account, creates the
 * catalogue through the API, then generates `leads` leads when it has none.
 */
export async function fillEventsDatabase(url: string, size: { brands: number; leads: number }) {
  const server = await startBenchServer(url);
  try {
    await prepareAccountAndCatalogue(server.baseUrl);
  } finally {
    await server.stop();
  }
  await withBenchClient(url, async (client) => {
    if ((await countLeads(client)) === 0) await generateLeads(client, size);
  });
}

export type LeadRow = { id: string; status: string };

/** Every lead's id and status, in a stable order: the writers share them out. */
export const readLeads = (url: string): Promise<LeadRow[]> =>
  withBenchClient(url, async (client) => {
    const { rows } = await client.query<LeadRow>(
      'select id, contract_status as status from leads order by id',
    );
    return rows;
  });

export const lastEventId = (url: string): Promise<number> =>
  withBenchClient(url, async (client) => {
    const { rows } = await client.query<{ id: string | null }>('select max(id) as id from events');
    return Number(rows[0]?.id ?? 0);
  });

/** One event of the log as the server numbered it: when its write began and when it was numbered. */
export type LoggedEvent = { id: number; writtenAt: number; sequencedAt: number };

/**
 * The log after `afterId`: the ids every stream must have received, with each event's write time
 * (the outbox row's, in the event's JSON) and its numbering transaction's time (`events.at`), both
 * epoch milliseconds; and how many outbox rows are still waiting.
 */
export const readLog = (url: string, afterId: number) =>
  withBenchClient(url, async (client) => {
    const { rows } = await client.query<{ id: string; written: string; sequenced: string }>(
      `select id,
              extract(epoch from (data::json->>'at')::timestamptz) * 1000 as written,
              extract(epoch from at) * 1000 as sequenced
         from events where id > $1 order by id`,
      [afterId],
    );
    const waiting = await client.query<{ n: string }>('select count(*) as n from event_outbox');
    const log: LoggedEvent[] = rows.map((row) => ({
      id: Number(row.id),
      writtenAt: Number(row.written),
      sequencedAt: Number(row.sequenced),
    }));
    return { log, outboxWaiting: Number(waiting.rows[0]?.n ?? 0) };
  });

import { randomUUID } from 'node:crypto';
import { EventStreamClient, type ReceivedEvent } from '@funil/test-server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, testDbKind } from '../build-test-app';
import {
  answers,
  createPrivateDatabase,
  type PrivatePostgres,
  startPrivatePostgres,
} from './private-postgres';
import { registerFirstAdmin, type ServerProcess, startServerProcess } from './server-process';

/** While the database is away, every request answers within this (and never 500). */
const ANSWER_WITHIN_MS = 5_000;
/** Once the database is back, requests are answered normally within this, without a restart. */
const RECOVER_WITHIN_MS = 10_000;
/** No request of the test may take longer than this: past it, it counts as hung. */
const HUNG_MS = 30_000;
const CLIENTS = 4;

type Exchange = {
  kind: 'write' | 'read' | 'health';
  startedAt: number;
  endedAt: number;
  status: number;
  message: string | undefined;
  /** The brand a write created (its 201). */
  brandId?: string;
};

const duration = (exchange: Exchange) => exchange.endedAt - exchange.startedAt;

/** One request with its timing; a request cut off by the network or hung is status 0. */
async function exchange(kind: Exchange['kind'], url: string, init: RequestInit): Promise<Exchange> {
  const startedAt = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HUNG_MS) });
    const text = await response.text();
    let body: { message?: string; id?: string } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not JSON.
    }
    return {
      kind,
      startedAt,
      endedAt: Date.now(),
      status: response.status,
      message: body.message,
      ...(kind === 'write' && response.status === 201 && body.id ? { brandId: body.id } : {}),
    };
  } catch (error) {
    return { kind, startedAt, endedAt: Date.now(), status: 0, message: (error as Error).message };
  }
}

/**
 * A steady stream of requests from several clients (a brand created, then the list read, again
 * and again) and a health check polled beside them, every exchange kept with its timing, until
 * `stop()`.
 */
function steadyTraffic(baseURL: string, token: string) {
  const exchanges: Exchange[] = [];
  let stopped = false;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const client = async (id: number) => {
    for (let n = 0; !stopped; n++) {
      exchanges.push(
        await exchange('write', `${baseURL}/api/brands`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: `Queda C${id} N${n} ${randomUUID().slice(0, 6)}`,
            company_name: 'Empresa Ltda',
            cnpj: '11.222.333/0001-81',
          }),
        }),
      );
      exchanges.push(await exchange('read', `${baseURL}/api/brands?page=1&limit=5`, { headers }));
    }
  };
  const health = async () => {
    while (!stopped) {
      exchanges.push(await exchange('health', `${baseURL}/api/health`, {}));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const running = Promise.all([...Array.from({ length: CLIENTS }, (_, id) => client(id)), health()]);
  return {
    exchanges,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/**
 * The live stream as the web app keeps it: every event received, across reconnections; when the
 * stream ends it opens again with the last event's id as Last-Event-ID (a refusal while the
 * database is away is retried), so nothing written meanwhile may be missing.
 */
function liveStream(baseURL: string, token: string) {
  const connections: EventStreamClient[] = [];
  const received = (): ReceivedEvent[] => connections.flatMap((connection) => connection.events);
  let reconnections = 0;
  let closed = false;
  let current: EventStreamClient | undefined;
  const follow = async () => {
    while (!closed) {
      const lastId = received().at(-1)?.id;
      const stream = await EventStreamClient.open(baseURL, {
        authorization: `Bearer ${token}`,
        ...(lastId ? { 'last-event-id': lastId } : {}),
      }).catch(() => undefined);
      if (stream?.status === 200) {
        current = stream;
        connections.push(stream);
        await stream.ended;
      }
      if (closed) return;
      reconnections += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const following = follow();
  return {
    received,
    get reconnections() {
      return reconnections;
    },
    /** Drops the connection, as a browser's lost network would: the stream is opened again. */
    drop: () => current?.close(),
    close: async () => {
      closed = true;
      current?.close();
      await following;
    },
  };
}

/** Polls `condition` (checked every 50 ms) until it holds; fails after `timeoutMs` with `what`. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An answer slower than 5 s, or anything but a success or 503 "Serviço indisponível". */
const isWrong = (e: Exchange) =>
  duration(e) >= ANSWER_WITHIN_MS ||
  !(
    (e.status >= 200 && e.status < 300) ||
    (e.status === 503 && (e.kind === 'health' || e.message === 'Serviço indisponível'))
  );

type FaultReport = {
  fault: string;
  awayMs: number;
  recoveredAfterMs: number;
  slowest: Exchange | undefined;
  answeredDuring: Record<string, number>;
};

describe.runIf(testDbKind() === 'postgres')('PostgreSQL restarted or killed under load', () => {
  let cluster: PrivatePostgres;
  let server: ServerProcess;
  let token: string;
  let databaseUrl: string;
  const reports: FaultReport[] = [];
  let liveReport: { reconnections: number; events: number } | undefined;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    databaseUrl = await createPrivateDatabase(cluster, 'funil');
    server = await startServerProcess({ dataDir: tempDir('funil-outage-'), databaseUrl });
    token = await registerFirstAdmin(server.baseURL);
  }, 120_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await cluster?.destroy();
    // The figures of each fault (the slowest exchange, how long recovery took), for the record.
    for (const report of reports) console.info(`database-outage: ${JSON.stringify(report)}`);
    if (liveReport) console.info(`database-outage: live stream ${JSON.stringify(liveReport)}`);
  });

  it(
    'answers 503 within 5 s while it is away, recovers within 10 s, and loses no write or event',
    { timeout: 180_000 },
    async () => {
      const traffic = steadyTraffic(server.baseURL, token);
      const stream = liveStream(server.baseURL, token);
      const acknowledged = () => traffic.exchanges.flatMap((e) => (e.brandId ? [e.brandId] : []));
      const failure = () =>
        `\n--- server output ---\n${server.output().slice(-8_000)}\n--- postgres ---\n${cluster.log().slice(-4_000)}`;

      /** Waits for `count` more writes acknowledged after `since`. */
      const writesAfter = (since: number, count: number) =>
        until(
          () =>
            traffic.exchanges.filter((e) => e.kind === 'write' && e.status === 201 && e.startedAt >= since)
              .length >= count,
          `${count} writes acknowledged`,
          RECOVER_WITHIN_MS,
        );

      /**
       * Runs a fault, then checks the window from its start until requests are answered normally
       * again: every exchange in it answered within 5 s, with success or 503 "Serviço indisponível".
       */
      const survive = async (fault: string, breakIt: () => Promise<void>) => {
        await writesAfter(Date.now(), CLIENTS * 2);
        const faultAt = Date.now();
        await breakIt();
        const backAt = Date.now();
        // Normal answers again: a write and a read, both started after the database was back.
        await until(
          () =>
            ['write', 'read'].every((kind) =>
              traffic.exchanges.some(
                (e) => e.kind === kind && e.startedAt >= backAt && e.status >= 200 && e.status < 300,
              ),
            ),
          `${fault}: requests answered normally again`,
          RECOVER_WITHIN_MS + ANSWER_WITHIN_MS,
        );
        const recoveredAt = Math.max(
          ...['write', 'read'].map(
            (kind) =>
              traffic.exchanges.find(
                (e) => e.kind === kind && e.startedAt >= backAt && e.status >= 200 && e.status < 300,
              )?.endedAt ?? Infinity,
          ),
        );
        const during = traffic.exchanges.filter((e) => e.endedAt >= faultAt && e.startedAt <= recoveredAt);
        const slowest = [...during].sort((a, b) => duration(b) - duration(a))[0];
        const answeredDuring: Record<string, number> = {};
        for (const e of during)
          answeredDuring[`${e.kind} ${e.status}`] = (answeredDuring[`${e.kind} ${e.status}`] ?? 0) + 1;
        reports.push({
          fault,
          awayMs: backAt - faultAt,
          recoveredAfterMs: recoveredAt - backAt,
          slowest,
          answeredDuring,
        });

        expect(during.filter(isWrong), `${fault}: answers during the outage${failure()}`).toEqual([]);
        expect(recoveredAt - backAt, `${fault}: recovery after the database was back`).toBeLessThanOrEqual(
          RECOVER_WITHIN_MS,
        );
        expect(server.child.exitCode, `${fault}: the process is still up`).toBeNull();
        return { faultAt, backAt };
      };

      // (a) An operator's restart: connections are ended, the server is away for a moment.
      await survive('pg_ctl restart -m fast', () => cluster.restartFast());

      // (b) A crash: the postmaster killed; it stays away until started again, which the test does
      // once the app has shown it knows (health 503, a request answered 503).
      const killed = await survive('kill -9 of the postmaster, then start', async () => {
        const killedAt = Date.now();
        cluster.killPostmaster();
        await until(() => answers(cluster).then((up) => !up), 'the database refuses connections', 10_000);
        await until(
          () =>
            traffic.exchanges.some(
              (e) => e.kind === 'health' && e.startedAt >= killedAt && e.status === 503,
            ) &&
            traffic.exchanges.some((e) => e.kind !== 'health' && e.startedAt >= killedAt && e.status === 503),
          'health 503 and a request answered 503 while the database is away',
          15_000,
        );
        // The live stream's connection drops too: it must resume with Last-Event-ID, refused (503)
        // until the database is back.
        stream.drop();
        await cluster.start();
      });
      // The health check said so while the database was away.
      expect(
        traffic.exchanges.some(
          (e) =>
            e.kind === 'health' &&
            e.startedAt >= killed.faultAt &&
            e.endedAt <= killed.backAt &&
            e.status === 503,
        ),
      ).toBe(true);

      // Writes go on after both faults.
      await writesAfter(Date.now(), CLIENTS * 2);
      await traffic.stop();
      // Every exchange of the whole run, those still in flight when a window above was checked too.
      expect(traffic.exchanges.filter(isWrong), `answers over the whole run${failure()}`).toEqual([]);

      // Every write acknowledged, before, between or after the faults, is in the database...
      const ids = acknowledged();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const stored = new Set(
        (
          await client.query<{ id: string }>('select id from brands where id = any($1::uuid[])', [ids])
        ).rows.map((row) => row.id),
      );
      await client.end();
      expect(
        ids.filter((id) => !stored.has(id)),
        'acknowledged writes missing from the database',
      ).toEqual([]);

      // ...and reached the live stream, once each, whether it stayed open or resumed.
      const created = () =>
        new Set(
          stream
            .received()
            .filter((e) => e.event === 'brand.created')
            .map((e) => (JSON.parse(e.data) as { id: string }).id),
        );
      await until(
        () => ids.every((id) => created().has(id)),
        'every acknowledged write as a live event',
        20_000,
      ).catch((error: Error) => {
        throw new Error(
          `${error.message}; missing ${ids.filter((id) => !created().has(id)).length} of ${ids.length}${failure()}`,
        );
      });
      expect(
        stream.received().filter((e) => e.event === 'reset'),
        'a reset (events lost)',
      ).toEqual([]);
      const eventIds = stream.received().flatMap((e) => (e.id ? [e.id] : []));
      expect(new Set(eventIds).size, 'an event received twice').toBe(eventIds.length);
      // It resumed after the drop (at least once: a refusal while the database was away retries).
      expect(stream.reconnections).toBeGreaterThanOrEqual(1);
      liveReport = { reconnections: stream.reconnections, events: eventIds.length };
      await stream.close();

      // The process closes cleanly: no connection was lost from its pools.
      server.child.kill('SIGTERM');
      expect(await server.exited, failure()).toBe(0);
    },
  );
});

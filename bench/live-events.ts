// `npm run bench:events -w bench`: the live updates (GET /api/events) under load, on PostgreSQL.
// A database of its own (events/events-database.ts) with BENCH_EVENTS_LEADS leads; the built server
// (one process, then three on the same database); BENCH_EVENTS_STREAMS open streams spread over
// them; BENCH_EVENTS_WRITERS closed-loop writers moving leads' contract_status for
// BENCH_EVENTS_SECONDS — through the API (PATCH /api/leads/:id), and straight in SQL to see the
// fan-out without the API's write cost. Measured: events and deliveries per second, the latency of
// every delivery, that every stream got every logged id once and in order, where the time goes;
// then the server's memory with idle streams. A script, not a test: budgets are flagged, never
// enforced.
import { execSync } from 'node:child_process';
import { signInBench } from './support/bench-account';
import { type StartedServer, startBenchServer } from './support/bench-server';
import { writeResults } from './support/results';
import { numberFrom } from './support/settings';
import { type EventTap, openTaps } from './events/event-streams';
import {
  fillEventsDatabase,
  lastEventId,
  openEventsDatabase,
  readLeads,
  readLog,
} from './events/events-database';
import { epochNow, matchEvents } from './events/lead-writers';
import { runWriters } from './events/writer-thread';
import { type CpuShares, residentBytes, startCpuCount } from './events/process-stats';

const settings = {
  streams: numberFrom('BENCH_EVENTS_STREAMS', 200),
  writers: numberFrom('BENCH_EVENTS_WRITERS', 30),
  seconds: numberFrom('BENCH_EVENTS_SECONDS', 10),
  leads: numberFrom('BENCH_EVENTS_LEADS', 2_000),
  brands: numberFrom('BENCH_EVENTS_BRANDS', 200),
  /** Process counts to measure, e.g. "1,3". */
  processes: (process.env.BENCH_EVENTS_PROCESSES || '1,3').split(',').map(Number),
  /**
   * Writes to measure with: "api" (PATCH through HTTP, closed loops), "sql" (single-row UPDATEs
   * on PostgreSQL, closed loops), "paced" (UPDATEs of BENCH_EVENTS_BATCH rows at BENCH_EVENTS_RATE
   * rows a second).
   */
  writes: (process.env.BENCH_EVENTS_WRITES || 'api,sql,paced').split(',') as WriteMode[],
  /** Rows a second of the paced writes: the budget's 1,000 and a margin, so keeping up meets it. */
  rate: numberFrom('BENCH_EVENTS_RATE', 1_100),
  batch: numberFrom('BENCH_EVENTS_BATCH', 20),
  /** Idle stream counts whose memory is measured. */
  idle: (process.env.BENCH_EVENTS_IDLE || '200,1000,2000').split(',').map(Number),
};

type WriteMode = 'api' | 'sql' | 'paced';

const MODE_NAMES: Record<WriteMode, string> = {
  api: 'PATCH through the API',
  sql: 'UPDATE in SQL, one row each',
  paced: 'UPDATE in SQL, paced',
};

/** Budgets: events fanned out to every stream per second, and the p99 of a delivery. */
export const EVENTS_BUDGET = { eventsPerSecond: 1_000, p99Ms: 250 };
/** How long the streams may take, after the last write, to receive the last event. */
const DRAIN_TIMEOUT_MS = 60_000;

export type Percentiles = { p50: number; p95: number; p99: number; max: number };

export type LossCheck = {
  logged: number;
  /** Numbers the log skipped (a numbering transaction rolled back); not a loss. */
  skippedIds: number;
  streamsComplete: number;
  missing: number;
  duplicates: number;
  outOfOrder: number;
  outboxWaiting: number;
  /** Successful writes without their event, and events without their write. */
  writesWithoutEvent: number;
  /** Streams the server cut off (a client reading too slowly) that reconnected with Last-Event-ID. */
  reconnects: number;
};

export type FanOutResult = {
  name: string;
  processes: number;
  writes: WriteMode;
  streams: number;
  writers: number;
  seconds: number;
  writesPerSecond: number;
  writeFailures: number;
  /** Events logged per second of writing. */
  eventsPerSecond: number;
  /** Events delivered to every stream per second, from the first write to the last delivery. */
  fannedOutPerSecond: number;
  deliveriesPerSecond: number;
  /** From the write's answer back to the client to the event parsed on a stream. */
  latencyFromAnswer: Percentiles;
  /** From the write's request sent to the event parsed on a stream. */
  latencyFromRequest: Percentiles;
  /** The write's own round trip. */
  writeRoundTrip: Percentiles;
  /**
   * The writer's transaction start (the outbox row's time) to the numbering transaction's start
   * (`events.at`); below 0 when that transaction began before the write and waited for the lock.
   */
  untilNumbered: Percentiles;
  /** Numbered to parsed on the first stream. */
  numberedToFirstStream: Percentiles;
  /** Per event, the first stream's receipt to the last one's. */
  spreadAcrossStreams: Percentiles;
  eventsPerNumberingBatch: number;
  drainMs: number;
  cpu: CpuShares;
  loss: LossCheck;
};

export type MemoryResult = { streams: number; rssBytes: number; bytesPerStream: number };

function percentiles(values: Float64Array | number[]): Percentiles {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (value: number) => Math.round(value * 10) / 10;
  return { p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)), max: round(at(1)) };
}

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** `count` built servers on `databaseUrl`, logging at info as in production (lines discarded). */
async function startServers(databaseUrl: string, count: number): Promise<StartedServer[]> {
  const servers: StartedServer[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      servers.push(await startBenchServer(databaseUrl, { LOG_LEVEL: 'info' }, 'discarded'));
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
  return servers;
}

/** Waits until the outbox is empty and every stream has the log's last event (or a timeout). */
async function drain(databaseUrl: string, taps: EventTap[]): Promise<void> {
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const last = await lastEventId(databaseUrl);
    const { outboxWaiting } = await readLog(databaseUrl, last);
    if (outboxWaiting === 0 && taps.every((tap) => (tap.ids.at(-1) ?? 0) >= last)) return;
    await sleep(100);
  }
}

function checkLoss(
  taps: EventTap[],
  loggedIds: number[],
): Omit<LossCheck, 'outboxWaiting' | 'writesWithoutEvent' | 'reconnects'> {
  let streamsComplete = 0;
  let missing = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  const logged = new Set(loggedIds);
  for (const tap of taps) {
    const seen = new Set<number>();
    let previous = 0;
    for (const id of tap.ids) {
      if (seen.has(id)) duplicates += 1;
      if (id <= previous) outOfOrder += 1;
      seen.add(id);
      previous = Math.max(previous, id);
    }
    const lacking = loggedIds.filter((id) => !seen.has(id)).length;
    const extra = [...seen].filter((id) => !logged.has(id)).length;
    missing += lacking + extra;
    if (lacking === 0 && extra === 0 && tap.ids.length === loggedIds.length) streamsComplete += 1;
  }
  const first = loggedIds[0] ?? 0;
  const last = loggedIds.at(-1) ?? 0;
  const skippedIds = loggedIds.length === 0 ? 0 : last - first + 1 - loggedIds.length;
  return { logged: loggedIds.length, skippedIds, streamsComplete, missing, duplicates, outOfOrder };
}

async function measureFanOut(
  databaseUrl: string,
  processes: number,
  writes: WriteMode,
): Promise<FanOutResult> {
  const { streams, writers, seconds } = settings;
  const paced = writes === 'paced' ? ` (${settings.rate} rows/s, ${settings.batch} a statement)` : '';
  const name = `${MODE_NAMES[writes]}${paced}, ${processes} process${processes > 1 ? 'es' : ''}`;
  const servers = await startServers(databaseUrl, processes);
  const baseUrls = servers.map((server) => server.baseUrl);
  let taps: EventTap[] = [];
  try {
    const { token } = await signInBench(baseUrls[0] ?? '');
    const leads = await readLeads(databaseUrl);
    const startId = await lastEventId(databaseUrl);
    /** What the first stream (the probe) got: each event's lead, to tie it to its write. */
    const probed: { id: number; leadId: string }[] = [];
    const probe = (id: number, data: string) => {
      probed.push({ id, leadId: (JSON.parse(data) as { id: string }).id });
    };
    taps = await openTaps(baseUrls, token, streams, probe);
    await sleep(500);
    const countCpu = startCpuCount(servers.map((server) => server.pid));
    const started = epochNow();
    const log = await runWriters({
      mode: writes,
      baseUrls,
      token,
      databaseUrl,
      leads,
      writers,
      seconds,
      rate: settings.rate,
      batch: settings.batch,
    });
    const writing = (epochNow() - started) / 1000;
    const cpu = countCpu();
    const writesEnded = epochNow();
    await drain(databaseUrl, taps);
    const drainMs = Math.round(epochNow() - writesEnded);
    const { writeOf, unmatched } = matchEvents(log, probed);
    const succeeded = log.doneAt.filter((done) => !Number.isNaN(done)).length;
    const { log: logged, outboxWaiting } = await readLog(databaseUrl, startId);
    const loggedIds = logged.map((event) => event.id);

    // Every delivery's latency; per event, its first and last receipt.
    const deliveries = taps.reduce((sum, tap) => sum + tap.ids.length, 0);
    const fromAnswer = new Float64Array(deliveries);
    const fromRequest = new Float64Array(deliveries);
    const firstAt = new Map<number, number>();
    const lastAt = new Map<number, number>();
    let measured = 0;
    let lastDelivery = started;
    for (const tap of taps) {
      tap.ids.forEach((id, index) => {
        const at = tap.receivedAt[index] ?? 0;
        lastDelivery = Math.max(lastDelivery, at);
        firstAt.set(id, Math.min(firstAt.get(id) ?? at, at));
        lastAt.set(id, Math.max(lastAt.get(id) ?? at, at));
        const write = writeOf.get(id);
        const answered = write === undefined ? Number.NaN : (log.doneAt[write] ?? Number.NaN);
        if (write === undefined || Number.isNaN(answered)) return;
        fromAnswer[measured] = at - answered;
        fromRequest[measured] = at - (log.sentAt[write] ?? 0);
        measured += 1;
      });
    }
    const receipts = new Map<number, number>();
    for (const tap of taps) for (const id of new Set(tap.ids)) receipts.set(id, (receipts.get(id) ?? 0) + 1);
    const everywhere = loggedIds.filter((id) => receipts.get(id) === taps.length).length;
    const span = (lastDelivery - started) / 1000;
    const roundTrips = log.doneAt
      .map((done, index) => done - (log.sentAt[index] ?? 0))
      .filter((value) => !Number.isNaN(value));
    const probeTap = taps[0];
    const probeAt = new Map(probeTap?.ids.map((id, index) => [id, probeTap.receivedAt[index] ?? 0]));
    const numberedToFirst = logged
      .filter((event) => probeAt.has(event.id))
      .map((event) => (probeAt.get(event.id) ?? 0) - event.sequencedAt);
    const loss = checkLoss(taps, loggedIds);
    return {
      name,
      processes,
      writes,
      streams,
      writers: writes === 'paced' ? 0 : writers,
      seconds,
      writesPerSecond: Math.round(succeeded / writing),
      writeFailures: log.doneAt.length - succeeded,
      eventsPerSecond: Math.round(logged.length / writing),
      fannedOutPerSecond: Math.round(everywhere / span),
      deliveriesPerSecond: Math.round(deliveries / span),
      latencyFromAnswer: percentiles(fromAnswer.subarray(0, measured)),
      latencyFromRequest: percentiles(fromRequest.subarray(0, measured)),
      writeRoundTrip: percentiles(roundTrips),
      untilNumbered: percentiles(logged.map((event) => event.sequencedAt - event.writtenAt)),
      numberedToFirstStream: percentiles(numberedToFirst),
      spreadAcrossStreams: percentiles([...firstAt].map(([id, first]) => (lastAt.get(id) ?? first) - first)),
      eventsPerNumberingBatch:
        Math.round(
          (logged.length / Math.max(1, new Set(logged.map((event) => event.sequencedAt)).size)) * 10,
        ) / 10,
      drainMs,
      cpu,
      loss: {
        ...loss,
        outboxWaiting,
        writesWithoutEvent: Math.abs(succeeded - logged.length) + unmatched,
        reconnects: taps.reduce((sum, tap) => sum + tap.reconnects, 0),
      },
    };
  } finally {
    for (const tap of taps) tap.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** The server's RSS, the median of three reads a quarter of a second apart. */
async function settledRss(pid: number): Promise<number> {
  await sleep(1_500);
  const reads: number[] = [];
  for (let read = 0; read < 3; read += 1) {
    reads.push(residentBytes(pid));
    await sleep(250);
  }
  return reads.sort((a, b) => a - b)[1] ?? 0;
}

async function measureMemory(databaseUrl: string): Promise<MemoryResult[]> {
  const [server] = await startServers(databaseUrl, 1);
  if (!server) throw new Error('no server');
  const taps: EventTap[] = [];
  try {
    const { token } = await signInBench(server.baseUrl);
    // The stream's code paths warmed up first, so the first figure is not the cost of loading them.
    for (const tap of await openTaps([server.baseUrl], token, 20)) tap.close();
    const results: MemoryResult[] = [];
    const none = await settledRss(server.pid);
    results.push({ streams: 0, rssBytes: none, bytesPerStream: 0 });
    for (const count of settings.idle) {
      taps.push(...(await openTaps([server.baseUrl], token, count - taps.length)));
      const rss = await settledRss(server.pid);
      results.push({ streams: count, rssBytes: rss, bytesPerStream: Math.round((rss - none) / count) });
    }
    return results;
  } finally {
    for (const tap of taps) tap.close();
    await server.stop();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const line = (label: string, value: Percentiles) =>
  `  ${label.padEnd(44)} p50 ${value.p50}  p95 ${value.p95}  p99 ${value.p99}  max ${value.max} ms`;

function printFanOut(result: FanOutResult): void {
  const { loss } = result;
  const lossVerdict =
    loss.streamsComplete === result.streams && loss.missing + loss.duplicates + loss.outOfOrder === 0
      ? 'none lost'
      : 'LOSS';
  const rate = result.fannedOutPerSecond >= EVENTS_BUDGET.eventsPerSecond ? 'within' : 'MISSES';
  const p99 = result.latencyFromAnswer.p99 <= EVENTS_BUDGET.p99Ms ? 'within' : 'MISSES';
  console.log(
    `\n${result.name}: ${result.streams} streams, ${result.writers ? `${result.writers} writers` : 'no writer loops'}, ${result.seconds} s\n` +
      `  writes ${result.writesPerSecond}/s (failed ${result.writeFailures}); events logged ${result.eventsPerSecond}/s; ` +
      `fanned out to every stream ${result.fannedOutPerSecond}/s (≥ ${EVENTS_BUDGET.eventsPerSecond}: ${rate}); ` +
      `deliveries ${result.deliveriesPerSecond}/s\n` +
      `${line('delivery after the write answered', result.latencyFromAnswer)}  (≤ ${EVENTS_BUDGET.p99Ms}: ${p99})\n` +
      `${line('delivery after the write was sent', result.latencyFromRequest)}\n` +
      `${line('the write itself (round trip)', result.writeRoundTrip)}\n` +
      `${line('write began → numbering began (database clock)', result.untilNumbered)}\n` +
      `${line('numbered → parsed on the first stream', result.numberedToFirstStream)}\n` +
      `${line('first stream → last stream, per event', result.spreadAcrossStreams)}\n` +
      `  ${result.eventsPerNumberingBatch} events per numbering transaction; last delivery ${result.drainMs} ms after the last write\n` +
      `  CPU in cores: API ${result.cpu.servers}, PostgreSQL ${result.cpu.postgres}, this client (streams and writer thread) ${result.cpu.client}, machine ${result.cpu.machine} of 2\n` +
      `  loss check: ${loss.logged} events logged (${loss.skippedIds} ids skipped), ${loss.streamsComplete}/${result.streams} streams complete, ` +
      `missing ${loss.missing}, duplicates ${loss.duplicates}, out of order ${loss.outOfOrder}, outbox left ${loss.outboxWaiting}, ` +
      `writes without their event ${loss.writesWithoutEvent}; reconnections after a cut-off ${loss.reconnects}: ${lossVerdict}`,
  );
}

async function main(): Promise<void> {
  // As a step of `npm run bench`, it runs where the other PostgreSQL steps do.
  const configured = process.env.BENCH_DATABASE_URL || process.env.BENCH_EVENTS_DATABASE_URL;
  if (process.argv.includes('--if-configured') && !configured) {
    console.log('\nlive updates benchmark skipped: set BENCH_DATABASE_URL (its PostgreSQL server is used)');
    return;
  }
  const database = await openEventsDatabase();
  try {
    console.log(
      `Live updates on ${database.created ? 'a new database' : 'BENCH_EVENTS_DATABASE_URL'} ` +
        `(${settings.leads.toLocaleString('en')} leads); load average ${execSync('uptime').toString().trim()}`,
    );
    await fillEventsDatabase(database.url, { brands: settings.brands, leads: settings.leads });
    const fanOut: FanOutResult[] = [];
    for (const processes of settings.processes) {
      for (const writes of settings.writes) {
        if (!(writes in MODE_NAMES)) throw new Error(`BENCH_EVENTS_WRITES: ${writes}?`);
        // Several processes are measured with the API's writes and the paced ones: the closed SQL
        // loops say once what the fan-out does without the API's writes.
        if (processes > 1 && writes === 'sql') continue;
        const result = await measureFanOut(database.url, processes, writes);
        printFanOut(result);
        fanOut.push(result);
      }
    }
    const memory = await measureMemory(database.url);
    console.log('\nserver memory (VmRSS) with idle streams');
    for (const row of memory) {
      console.log(
        `  ${String(row.streams).padStart(5)} streams  ${mb(row.rssBytes).padStart(9)}` +
          (row.streams ? `  ${(row.bytesPerStream / 1024).toFixed(1)} kB per stream` : ''),
      );
    }
    writeResults('events', {
      leads: settings.leads,
      logs: 'LOG_LEVEL=info (a line per request, discarded)',
      budget: EVENTS_BUDGET,
      fanOut,
      memory,
    });
    console.log(`\nload average: ${execSync('uptime').toString().trim()}`);
  } finally {
    await database.drop();
  }
}

await main();

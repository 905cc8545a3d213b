import http from 'node:http';
import pg from 'pg';
import type { LeadRow } from './events-database';

/** The statuses a lead moves through, one step per write: every write is a real move. */
const MOVES = ['frio', 'morno', 'quente'] as const;

const nextStatus = (current: string): string =>
  MOVES[(MOVES.indexOf(current as never) + 1) % MOVES.length] ?? 'frio';

/** Now as epoch milliseconds, sub-millisecond: comparable across threads of one machine. */
export const epochNow = () => performance.timeOrigin + performance.now();

/**
 * Every write the writers made, by index: its lead, when it was sent and when its answer came
 * back (epochNow(); NaN when it failed). Writes to one lead are made one after the other (or
 * commit in the order they were sent, under the row's lock), so the k-th event about a lead is its
 * k-th successful write (`matchEvents`).
 */
export class WriteLog {
  readonly leads: string[] = [];
  readonly sentAt: number[] = [];
  readonly doneAt: number[] = [];

  begin(leadId: string): number {
    this.leads.push(leadId);
    this.sentAt.push(epochNow());
    this.doneAt.push(Number.NaN);
    return this.leads.length - 1;
  }

  finish(index: number, ok: boolean): void {
    this.doneAt[index] = ok ? epochNow() : Number.NaN;
  }
}

/** What a writer thread hands back: the log's columns. */
export type WriteRecord = { leads: string[]; sentAt: number[]; doneAt: number[] };

/**
 * Event id → the write it comes from, from the events about each lead in the order the probe
 * stream got them; answers the map and how many events found no write.
 */
export function matchEvents(
  record: WriteRecord,
  probed: { id: number; leadId: string }[],
): { writeOf: Map<number, number>; unmatched: number } {
  const pending = new Map<string, number[]>();
  record.leads.forEach((leadId, index) => {
    if (Number.isNaN(record.doneAt[index])) return;
    const queue = pending.get(leadId);
    if (queue) queue.push(index);
    else pending.set(leadId, [index]);
  });
  const writeOf = new Map<number, number>();
  let unmatched = 0;
  for (const event of probed) {
    const write = pending.get(event.leadId)?.shift();
    if (write === undefined) unmatched += 1;
    else writeOf.set(event.id, write);
  }
  return { writeOf, unmatched };
}

type Writer = (lead: LeadRow, status: string) => Promise<boolean>;

/**
 * `writers` closed loops until `seconds` have passed: writer w owns the leads w, w + writers, …
 * and moves each in turn to its next status, one write at a time.
 */
async function runLoops(
  leads: LeadRow[],
  writers: number,
  seconds: number,
  log: WriteLog,
  write: (writer: number) => Writer,
): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  const status = new Map(leads.map((lead) => [lead.id, lead.status]));
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      const own = leads.filter((_lead, index) => index % writers === writer);
      const send = write(writer);
      for (let turn = 0; performance.now() < deadline; turn += 1) {
        const lead = own[turn % own.length];
        if (!lead) return;
        const to = nextStatus(status.get(lead.id) ?? 'frio');
        const index = log.begin(lead.id);
        const ok = await send(lead, to).catch(() => false);
        log.finish(index, ok);
        if (ok) status.set(lead.id, to);
      }
    }),
  );
}

/** PATCH /api/leads/:id {contract_status} through HTTP, writer w on server w mod n (keep-alive). */
export async function writeThroughApi(
  baseUrls: string[],
  token: string,
  leads: LeadRow[],
  writers: number,
  seconds: number,
  log: WriteLog,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: writers });
  try {
    await runLoops(leads, writers, seconds, log, (writer) => {
      const base = new URL(baseUrls[writer % baseUrls.length] ?? '');
      return (lead, status) =>
        new Promise<boolean>((resolve, reject) => {
          const body = JSON.stringify({ contract_status: status });
          const request = http.request(
            {
              host: base.hostname,
              port: base.port,
              path: `/api/leads/${lead.id}`,
              method: 'PATCH',
              agent,
              headers: {
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
              },
            },
            (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode === 200));
            },
          );
          request.on('error', reject);
          request.end(body);
        });
    });
  } finally {
    agent.destroy();
  }
}

/**
 * The same moves as single-row UPDATEs straight on PostgreSQL, each its own transaction, one
 * connection per writer: the triggers log them as they would an API write, without the API's cost.
 */
export async function writeThroughSql(
  databaseUrl: string,
  leads: LeadRow[],
  writers: number,
  seconds: number,
  log: WriteLog,
): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: writers });
  try {
    await runLoops(leads, writers, seconds, log, () => async (lead, status) => {
      const result = await pool.query(
        'update leads set contract_status = $1, updated_at = now() where id = $2',
        [status, lead.id],
      );
      return result.rowCount === 1;
    });
  } finally {
    await pool.end();
  }
}

/**
 * A steady `rate` of events, whatever the writers' own speed: every `batch / rate` seconds one
 * UPDATE of `batch` leads (in turn over every lead) straight on PostgreSQL, without waiting for the
 * previous one. What the fan-out does at the budget's rate when writes cost nothing.
 */
export async function writePacedThroughSql(
  databaseUrl: string,
  leads: LeadRow[],
  rate: number,
  batch: number,
  seconds: number,
  log: WriteLog,
): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const status = new Map(leads.map((lead) => [lead.id, lead.status]));
  const intervalMs = (batch / rate) * 1000;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  try {
    for (let turn = 0; ; turn += 1) {
      const due = started + turn * intervalMs;
      if (due >= deadline) break;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((wake) => setTimeout(wake, wait));
      const rows = Array.from(
        { length: batch },
        (_, offset) => leads[(turn * batch + offset) % leads.length],
      ).filter((lead): lead is LeadRow => lead !== undefined);
      const moves = rows.map((lead) => {
        const to = nextStatus(status.get(lead.id) ?? 'frio');
        status.set(lead.id, to);
        return { lead, to, index: log.begin(lead.id) };
      });
      pending.push(
        pool
          .query(
            `update leads set contract_status = moves.status, updated_at = now()
               from (select unnest($1::uuid[]) as id, unnest($2::text[]) as status) as moves
              where leads.id = moves.id`,
            [moves.map((move) => move.lead.id), moves.map((move) => move.to)],
          )
          .then(
            (result) => result.rowCount === moves.length,
            () => false,
          )
          .then((ok) => {
            for (const move of moves) log.finish(move.index, ok);
          }),
      );
    }
    await Promise.all(pending);
  } finally {
    await pool.end();
  }
}

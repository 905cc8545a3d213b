import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Writable } from 'node:stream';
import pg from 'pg';
import type { Database } from './client';

/**
 * The reads that end a write (its answer): sent behind the write's last statements, and the COMMIT
 * behind them, without waiting for any answer in between. Made with `lastly`.
 */
class Lastly<T> {
  constructor(readonly send: () => Promise<T>) {}
}

/**
 * What a write's `work` returns to have `send` (its last statements and reads) go out in the same
 * round trip as the COMMIT: the answer is then read before the transaction commits, as when it is
 * awaited inside `work`, but the commit costs no round trip of its own.
 */
export const lastly = <T>(send: () => Promise<T>): Lastly<T> => new Lastly(send);

/** Transactions whose connection pipelines, with that connection: statements sent without awaiting go out at once. */
const pipelined = new WeakMap<Database, pg.PoolClient>();

/** Sockets holding back what is written to them until the current turn of the event loop ends. */
const corked = new WeakSet<Writable>();

/**
 * Everything a pipelining transaction sends in this turn of the event loop (its statements are
 * sent across several promise reactions) leaves in one write, when the turn ends: the driver writes
 * each statement on its own, and on a busy machine each write costs a system call here and wakes
 * the database's backend for one statement at a time. Nothing waits on it: the socket is let go at
 * the end of the turn whether or not an answer is being awaited.
 */
function sendTogether(client: pg.PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
  if (!stream || corked.has(stream)) return;
  corked.add(stream);
  stream.cork();
  setImmediate(() => {
    corked.delete(stream);
    stream.uncork();
  });
}

const ignore = () => undefined;

/** The failure of a statement already sent, if it failed. */
const failureOf = (sent: Promise<unknown>): Promise<{ error: unknown } | undefined> =>
  sent.then(ignore, (error: unknown) => ({ error }));

/**
 * Sends a statement now. The query builder's statements (and `execute`) are lazy, sent when first
 * awaited; asking for their result at once keeps them in the order they were written.
 */
const now = <T>(statement: PromiseLike<T>): Promise<T> => Promise.resolve(statement.then((value) => value));

/**
 * Runs `steps` in order and answers their results. Where the transaction's connection pipelines
 * (PostgreSQL through `writeAs`), every step is sent before any answer is awaited: one round trip
 * for all of them, still executed one after the other, each seeing the ones before it, and a failure
 * aborting the transaction so the steps after it change nothing. Elsewhere (the embedded database,
 * where a round trip costs nothing) each step starts when the one before has finished. Either way
 * the first failure is the one thrown, once every step has settled.
 *
 * Each step must send its statement when it is called: a `readRows` call, a query builder returned
 * as is, or an async function whose first `await` is on such a call. A step that awaits a query
 * builder, or anything else, before sending would let the steps after it go first.
 */
export async function inOrder<T extends readonly unknown[]>(
  tx: Database,
  steps: { readonly [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  const results: unknown[] = [];
  const client = pipelined.get(tx);
  if (!client) {
    for (const step of steps) results.push(await now(step()));
    return results as unknown as T;
  }
  sendTogether(client);
  const sent = steps.map((step) => now(step()));
  let failure: { error: unknown } | undefined;
  for (const promise of sent) {
    try {
      results.push(await promise);
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
  return results as unknown as T;
}

type SessionParts = { dialect: PgDialect; schema: undefined; options: undefined };

/** A transaction handle on one pooled connection, made once per connection. */
const handles = new WeakMap<pg.PoolClient, Database>();

function handleFor(db: Database, client: pg.PoolClient): Database {
  let handle = handles.get(client);
  if (!handle) {
    const parts = db._.session as unknown as SessionParts;
    const session = new NodePgSession(client, parts.dialect, parts.schema, parts.options);
    handle = new NodePgTransaction(parts.dialect, session, parts.schema) as unknown as Database;
    handles.set(client, handle);
    pipelined.set(handle, client);
  }
  return handle;
}

async function finish<T>(tx: Database, outcome: T | Lastly<T>): Promise<T> {
  const client = pipelined.get(tx);
  if (client) sendTogether(client);
  if (!(outcome instanceof Lastly)) {
    await tx.execute(sql`commit`);
    return outcome;
  }
  const last = outcome.send();
  // Sent behind the last reads: after a failure among them it ends the transaction as a ROLLBACK.
  const commit = now(tx.execute(sql`commit`));
  let value: T;
  try {
    value = await last;
  } catch (error) {
    await commit.catch(ignore);
    throw error;
  }
  await commit;
  return value;
}

/**
 * The transaction of `writeAs` on a PostgreSQL pool, on a pipelining connection: BEGIN, the actor
 * and the first statements of `work` go out together, and its last reads with the COMMIT
 * (`lastly`), so a write costs the round trips its own logic needs (a read it decides on) and no
 * more.
 */
async function pipelinedWrite<T>(
  db: Database,
  pool: pg.Pool,
  actorId: string | null,
  work: (tx: Database) => Promise<T | Lastly<T>>,
): Promise<T> {
  const client = await pool.connect();
  const pipelining = client as { pipeline: boolean };
  pipelining.pipeline = true;
  const tx = handleFor(db, client);
  let broken: Error | undefined;
  try {
    sendTogether(client);
    const begin = now(tx.execute(sql`begin`));
    const actor =
      actorId === null ? undefined : now(tx.execute(sql`select set_config('funil.actor', ${actorId}, true)`));
    let outcome: Promise<T | Lastly<T>>;
    try {
      // Resolved once: a query builder returned as is runs when it is first awaited.
      outcome = Promise.resolve(work(tx));
    } catch (error) {
      outcome = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    begin.catch(ignore);
    actor?.catch(ignore);
    try {
      // Not waiting for BEGIN's answer first: a write that decides nothing (a create) sends its
      // statements and the COMMIT behind it, all in one round trip.
      const value = await finish(tx, await outcome);
      await begin;
      await actor;
      return value;
    } catch (error) {
      // The first failure in the order sent: a BEGIN or actor that failed fails what follows too.
      const earlier = (await failureOf(begin)) ?? (actor && (await failureOf(actor)));
      await tx.execute(sql`rollback`).catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw earlier ? earlier.error : error;
    }
  } finally {
    pipelining.pipeline = false;
    client.release(broken);
  }
}

/**
 * Runs `work` in a transaction that names its user: the outbox triggers read
 * `funil.actor` to say who wrote each lead, brand or contact (the live-update event's `by`).
 * `set_config(…, true)` lasts until the transaction ends, so a pooled connection never carries one
 * request's user into the next. A null actor (a command-line tool) leaves it unset.
 *
 * On a PostgreSQL pool the transaction pipelines (see `pipelinedWrite`, `inOrder`, `lastly`); on the
 * embedded database, or inside a transaction already, it is an ordinary one.
 */
export async function writeAs<T>(
  db: Database,
  actorId: string | null,
  work: (tx: Database) => Promise<T | Lastly<T>>,
): Promise<T> {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return pipelinedWrite(db, client, actorId, work);
  return db.transaction(async (tx) => {
    if (actorId !== null) await tx.execute(sql`select set_config('funil.actor', ${actorId}, true)`);
    const outcome = await work(tx);
    return outcome instanceof Lastly ? outcome.send() : outcome;
  });
}

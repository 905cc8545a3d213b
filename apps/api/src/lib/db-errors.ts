import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
import { AppError } from './app-error';

/** SQLSTATE codes the services turn into answers (PostgreSQL and PGlite report the same ones). */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/**
 * A delete refused by an ON DELETE RESTRICT foreign key: PostgreSQL 17 (PGlite) reports it with
 * this code, earlier servers as a foreign-key violation (23503).
 */
export const PG_RESTRICT_VIOLATION = '23001';

/**
 * The prospectus's refusals, raised by the triggers that keep the offerings' stock: a write that
 * would sell a unit an active offering no longer has (the detail names the offering, as JSON), and
 * an offering given fewer units than the opportunities already holding it (the detail has the count).
 */
export const OFFERING_SOLD_OUT = 'FN001';
export const OFFERING_HOLDERS_EXCEED = 'FN002';

/**
 * A record a write names is missing: raised by `funil_reference_missing(field)` from a write's
 * first statement, with the field in the detail, so the statements pipelined behind it are aborted.
 */
export const REFERENCE_MISSING = 'FN003';

/** How many seconds a client is told to wait (Retry-After) when the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

type DatabaseErrorFields = {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
};

/**
 * The errors along a failure's cause chain: Drizzle wraps a driver's error in its own, keeping
 * the original as `cause`; node's connection errors may be an AggregateError of one per address.
 */
function* causeChain(error: unknown): Generator<DatabaseErrorFields> {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Object; depth++) {
    yield current as DatabaseErrorFields;
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested)) for (const inner of nested) if (inner instanceof Object) yield inner;
    current = (current as { cause?: unknown }).cause;
  }
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The database error (the one carrying a SQLSTATE) along the cause chain, whichever driver raised it. */
function databaseError(error: unknown): (DatabaseErrorFields & { code: string }) | undefined {
  for (const link of causeChain(error)) {
    if (typeof link.code === 'string' && SQLSTATE.test(link.code) && !UNAVAILABLE_NODE_CODES.has(link.code))
      return link as DatabaseErrorFields & { code: string };
  }
  return undefined;
}

/** The SQLSTATE of a database error, whichever driver raised it (node-postgres and PGlite both put it in `code`). */
export const pgErrorCode = (error: unknown): string | undefined => databaseError(error)?.code;

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === PG_UNIQUE_VIOLATION;

/** The field whose record is missing, when the error is `funil_reference_missing`'s. */
export function missingReferenceField(error: unknown): string | undefined {
  const found = databaseError(error);
  return found?.code === REFERENCE_MISSING ? found.detail : undefined;
}

/**
 * SQLSTATEs that mean the database is not there to answer, whatever the request: its connection
 * broke or was refused (class 08), the server is shutting down, crashed or starting (57P01-57P03),
 * it has no connection slot left (53300) or no room (class 53), the session was ended for idling in
 * a transaction (25P03), or a statement ran out of time or was cancelled (57014).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57014', '57P01', '57P02', '57P03', '25P03']);
const UNAVAILABLE_CLASSES = new Set(['08', '53']);

/** Node's socket errors: the database's address refuses, resets, breaks or never answers. */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * What the drivers say, without a code, when the connection is gone: node-postgres's client and
 * pool (a connection that ended or was given up as silent, a connect that timed out, a pool
 * already ended) and PGlite once closed or closing.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is clos(ed|ing)/,
];

/** Whether `error` says the database (or the way to it) is away, rather than that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of causeChain(error)) {
    const code = typeof link.code === 'string' ? link.code : undefined;
    // Node's codes first: `EPIPE` has a SQLSTATE's shape (five capitals) but is a broken socket.
    if (code && UNAVAILABLE_NODE_CODES.has(code)) return true;
    if (code && SQLSTATE.test(code)) {
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_CLASSES.has(code.slice(0, 2))) return true;
    }
    const message = typeof link.message === 'string' ? link.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** The record each table holds, by its "not found" message (a row a write points at is gone). */
const NOT_FOUND_BY_TABLE: Record<string, string> = {
  leads: 'errors:not_found.lead',
  brands: 'errors:not_found.brand',
  contacts: 'errors:not_found.contact',
  users: 'errors:not_found.user',
  verticals: 'errors:not_found.vertical',
  quotas: 'errors:not_found.quota',
  platforms: 'errors:not_found.platform',
  franchises: 'errors:not_found.franchise',
  notes: 'errors:not_found.note',
  tasks: 'errors:not_found.task',
  offerings: 'errors:not_found.offering',
};

/** The message for a record that other rows still point at (a delete the foreign key refuses). */
const IN_USE_BY_TABLE: Record<string, string> = {
  brands: 'errors:brands.has_leads',
  verticals: 'errors:catalogue.in_use',
  quotas: 'errors:catalogue.in_use',
  platforms: 'errors:catalogue.in_use',
  franchises: 'errors:catalogue.in_use',
};

/** Unique constraints whose violation has a message of its own. */
const DUPLICATE_BY_CONSTRAINT: Record<string, string> = {
  offerings_key_unique: 'errors:offerings.duplicate',
};

/** The JSON a trigger put in an error's detail, or an empty object. */
function detailJson(error: DatabaseErrorFields): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(error.detail ?? '');
    return parsed instanceof Object ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * "Cota esgotada: Master · TV aberta · Esporte · 2027" (and " · São Paulo" for a praça's offering),
 * from the offering the trigger named.
 */
function offeringSoldOutAnswer(error: DatabaseErrorFields, cause: unknown): AppError {
  const offering = detailJson(error);
  const regional = typeof offering.franchise === 'string';
  return new AppError(409, regional ? 'errors:offerings.sold_out_regional' : 'errors:offerings.sold_out', {
    cause,
    params: {
      quota: offering.quota,
      platform: offering.platform,
      vertical: offering.vertical,
      year: offering.year,
      franchise: offering.franchise,
    },
  });
}

/** PostgreSQL keeps the first 63 bytes of a name (the schema's names are ASCII). */
const MAX_IDENTIFIER_LENGTH = 63;

let referencedTables: Map<string, string> | undefined;

/** Each foreign key's name → the table it points at, read once from the schema. */
function referencedTableOf(constraint: string): string | undefined {
  referencedTables ??= new Map(
    (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) =>
        getTableConfig(table).foreignKeys.map(
          (key) =>
            [
              key.getName().slice(0, MAX_IDENTIFIER_LENGTH),
              getTableName(key.reference().foreignTable),
            ] as const,
        ),
      ),
  );
  return referencedTables.get(constraint);
}

/**
 * A foreign key refused a write. Its name says which table it points at; which side failed is
 * the code (a RESTRICT refusal on PostgreSQL 17) or else the detail, in PostgreSQL's own words
 * (English unless the server is set to another language):
 * - "is not present in table": the write names a record that is gone (deleted meanwhile) → 404
 *   with that record's own message;
 * - a restrict violation, or "is still referenced": a delete of a record others still point at →
 *   409 with its "in use" message;
 * - neither (a server speaking another language): a generic 409.
 */
function foreignKeyAnswer(error: DatabaseErrorFields & { code: string }, cause: unknown): AppError {
  const table = error.constraint === undefined ? undefined : referencedTableOf(error.constraint);
  const detail = error.detail ?? '';
  if (error.code === PG_FOREIGN_KEY_VIOLATION && /is not present in table/.test(detail)) {
    const key = table === undefined ? undefined : NOT_FOUND_BY_TABLE[table];
    return new AppError(key ? 404 : 409, key ?? 'errors:conflict', { cause });
  }
  if (error.code === PG_RESTRICT_VIOLATION || /is still referenced from table/.test(detail)) {
    return new AppError(409, (table && IN_USE_BY_TABLE[table]) ?? 'errors:in_use', { cause });
  }
  return new AppError(409, 'errors:conflict', { cause });
}

/**
 * The answer a user can act on for a database failure that reached the error handler (a service's
 * own, more specific mapping has already become an AppError and never gets here), or undefined
 * when it is not one. One policy for every route:
 * - database away (lost or refused connection, shutdown or start-up, no slot, statement timeout):
 *   503 "Serviço indisponível" with Retry-After: the same request will work later;
 * - serialisation failure or deadlock (40001, 40P01): 409 "try again" — the request was fine, it
 *   met a concurrent one; it is a conflict with other writers, not an outage, so it is not a 503
 *   (which monitors and load balancers count against the process);
 * - foreign key: 404 with the record's message when a named record is gone, 409 "in use" for a
 *   delete others depend on (the record's own message), a generic 409 when it cannot be told;
 * - unique violation: 409 (with the constraint's own message where it has one);
 * - the prospectus's stock: 409 "Cota esgotada: …" naming the offering, or "Já há N oportunidades
 *   com esta cota".
 */
export function answerForDatabaseError(error: unknown): AppError | undefined {
  if (isDatabaseUnavailable(error)) {
    return new AppError(503, 'errors:service_unavailable', {
      cause: error,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    });
  }
  const failure = databaseError(error);
  switch (failure?.code) {
    case '40001':
    case '40P01':
      return new AppError(409, 'errors:write_conflict', { cause: error });
    case PG_FOREIGN_KEY_VIOLATION:
    case PG_RESTRICT_VIOLATION:
      return foreignKeyAnswer(failure, error);
    case PG_UNIQUE_VIOLATION:
      return new AppError(
        409,
        (failure.constraint && DUPLICATE_BY_CONSTRAINT[failure.constraint]) ?? 'errors:duplicate',
        { cause: error },
      );
    case OFFERING_SOLD_OUT:
      return offeringSoldOutAnswer(failure, error);
    case OFFERING_HOLDERS_EXCEED:
      return new AppError(409, 'errors:offerings.holders_exceed', {
        cause: error,
        params: { count: Number(detailJson(failure).count) },
      });
    default:
      return undefined;
  }
}

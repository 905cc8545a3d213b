import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { BackfillError, type BackfillLoad, transactionControlIn } from '../db/backfill';
import { backfill } from '../db/backfill-database';
import type { DbHandle } from '../db/client';

export const USAGE =
  'Usage: npm run db:backfill -w apps/api -- <file.sql>\n' +
  '       npm run db:backfill -w apps/api -- --recount-only\n' +
  'Runs the SQL file in one transaction with the derived-data triggers off (no live events, no\n' +
  'running totals kept row by row), then recomputes every derived structure from its source rows\n' +
  'and turns the triggers back on before committing. Writers of the backfilled tables wait until\n' +
  'it commits. The file must not BEGIN, COMMIT or ROLLBACK. --recount-only recomputes every\n' +
  'structure without a load (after a repair by hand). Uses DATABASE_URL, or the PGlite in DATA_DIR.';

/** Thrown for anything the operator has to fix; the message is for a terminal. */
export class BackfillCliError extends Error {}

export type BackfillIo = { out: (line: string) => void };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A database error's message, with its detail (an oversold offering's, for one) when it has one. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const detail = (error as { detail?: unknown }).detail;
  return typeof detail === 'string' && detail ? `${error.message} (${detail})` : error.message;
}

/** What the command was asked: a load from a file, or only the recount; or the usage. */
export type BackfillRequest =
  { kind: 'help' } | { kind: 'recount-only' } | { kind: 'load'; file: string; text: string };

/**
 * The arguments, and the file read and checked: all before the database is opened, so that a
 * mistake is answered at once and takes no lock. Throws BackfillCliError with a readable message.
 */
export async function parseBackfillArgs(argv: string[]): Promise<BackfillRequest> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        'recount-only': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new BackfillCliError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values['recount-only']) {
    if (positionals.length > 0) throw new BackfillCliError(`--recount-only takes no file.\n${USAGE}`);
    return { kind: 'recount-only' };
  }
  const [file, ...more] = positionals;
  if (file === undefined || more.length > 0)
    throw new BackfillCliError(`Give one SQL file, or --recount-only.\n${USAGE}`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new BackfillCliError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const control = transactionControlIn(text);
  if (control)
    throw new BackfillCliError(
      `${file} holds "${control}": a backfill's load runs inside the backfill's own transaction. ` +
        'Remove its BEGIN, COMMIT and ROLLBACK statements (savepoints are fine).',
    );
  return { kind: 'load', file, text };
}

/**
 * `db:backfill`: runs the file's SQL as a backfill (db/backfill.ts), or only the recounts, and
 * prints each step with its time. Throws BackfillCliError with a readable message once the
 * transaction is rolled back.
 */
export async function runBackfillCommand(
  handle: DbHandle,
  request: Exclude<BackfillRequest, { kind: 'help' }>,
  io: BackfillIo,
): Promise<void> {
  const engine = handle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const load: BackfillLoad | undefined =
    request.kind === 'load'
      ? async (tx) => {
          await tx.query(request.text);
        }
      : undefined;
  io.out(
    request.kind === 'load'
      ? `Backfill of ${request.file} (${engine})`
      : `Recount of every derived structure (${engine})`,
  );
  try {
    const report = await backfill(handle, load, { log: io.out });
    io.out(
      `${request.kind === 'load' ? 'Backfill' : 'Recount'} committed in ${seconds(report.ms)}: ` +
        `${report.recounted.length} structures recounted, ${report.triggersOff} triggers back on.`,
    );
  } catch (error) {
    if (error instanceof BackfillError) throw new BackfillCliError(error.message);
    throw new BackfillCliError(`Rolled back, nothing written: ${describe(error)}`);
  }
}

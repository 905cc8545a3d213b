import type { ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import { EXPORT_COLUMNS, type Lead, type LeadListResponse, sharedResources } from '@funil/shared';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDb } from '../../../../test/build-test-app';
import {
  closedOnServer,
  Download,
  insertWideLeads,
  lastOf,
  openExportCursors,
  recordExportAnswers,
  stalledOnClient,
} from '../../../../test/export-downloads';
import { listeningUrl } from '../../../../test/listening-url';
import { type SignedIn, signIn } from '../../../../test/sign-in';
import type { App } from '../../../app';
import type { DbHandle } from '../../../db/client';
import { DEFAULT_BATCH_SIZE } from '../../../db/row-cursor';
import { XLSX_BATCH_SIZE } from './xlsx-writer';

// ---------------------------------------------------------------------------------------------
// The database side: what the export's cursor does, seen through the handle the app runs on.
// ---------------------------------------------------------------------------------------------

/** One cursor an export opened, as its statements went by. */
type CursorLog = {
  /** FETCHes asked for so far. */
  requested: number;
  /** FETCHes the watch is holding back right now. */
  held: number;
  /** Rows each answered FETCH returned, in order. */
  batches: number[];
  /** The cursor has ended (CLOSE on PGlite; on PostgreSQL, its pooled client given back). */
  closed: boolean;
  /** PostgreSQL: the client went back to the pool for reuse, not discarded as broken. */
  clientReused: boolean;
};

const CURSOR_STATEMENT = /^(declare|fetch \d+ from|close) (row_cursor_\w+)/;

/** A property of `target`, methods bound to it (so a proxy passes every other use through). */
function passThrough(target: object, key: string | symbol): unknown {
  const value: unknown = Reflect.get(target, key, target);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}

/**
 * Watches the cursors of exports on the app's database handle: each FETCH and the rows it
 * returned, and when each cursor ends. It can also hold FETCHes back: every FETCH whose number
 * within its cursor is at least `holdFetchesFrom(n)` waits until the number is raised, which keeps
 * a download exactly between two batches without any timing.
 */
class CursorWatch {
  readonly cursors: CursorLog[] = [];
  private readonly byName = new Map<string, CursorLog>();
  private holdFrom = Number.POSITIVE_INFINITY;
  private readonly waiters = new Set<() => void>();

  /** FETCH number `ordinal` (1 is the first) and every later one wait; Infinity lets all go. */
  holdFetchesFrom(ordinal: number): void {
    this.holdFrom = ordinal;
    this.changed();
  }

  /** The cursor opened last. */
  get latest(): CursorLog {
    const log = this.cursors.at(-1);
    if (!log) throw new Error('no cursor was opened');
    return log;
  }

  /** Resolves once `condition` holds; looked at again after every statement the watch sees. */
  until(condition: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Resolves once the latest cursor's FETCH number `ordinal` has been asked for and is held. */
  heldAt(ordinal: number): Promise<void> {
    return this.until(() => {
      const log = this.cursors.at(-1);
      return log !== undefined && log.requested === ordinal && log.held === 1;
    });
  }

  /** The PGlite client, its cursor statements watched. */
  pglite(client: PGlite): PGlite {
    return new Proxy(client, {
      get: (target, key) => {
        if (key !== 'query') return passThrough(target, key);
        return (text: string, ...rest: unknown[]) =>
          this.statement(text, () =>
            (target.query as (text: string, ...rest: unknown[]) => Promise<{ rows: unknown[] }>)(
              text,
              ...rest,
            ),
          );
      },
    });
  }

  /** The PostgreSQL pool, the cursor statements of the clients it lends watched. */
  postgres(pool: pg.Pool): pg.Pool {
    return new Proxy(pool, {
      get: (target, key) => {
        if (key !== 'connect') return passThrough(target, key);
        return async (...args: unknown[]) => {
          if (args.length > 0) return Reflect.apply(target.connect, target, args) as unknown;
          return this.pooledClient(await target.connect());
        };
      },
    });
  }

  private pooledClient(client: pg.PoolClient): pg.PoolClient {
    let cursor: string | undefined;
    return new Proxy(client, {
      get: (target, key) => {
        if (key === 'query') {
          return (...args: unknown[]) => {
            const first = args[0] as string | { text?: string };
            const text = typeof first === 'string' ? first : (first.text ?? '');
            cursor = /^declare (row_cursor_\w+)/.exec(text)?.[1] ?? cursor;
            return this.statement(
              text,
              () => Reflect.apply(target.query, target, args) as Promise<{ rows: unknown[] }>,
            );
          };
        }
        if (key === 'release') {
          return (...args: unknown[]) => {
            Reflect.apply(target.release, target, args);
            // A client released with an error is discarded by the pool.
            if (cursor !== undefined) this.ended(cursor, args[0] === undefined || args[0] === false);
            cursor = undefined;
          };
        }
        return passThrough(target, key);
      },
    });
  }

  /** Runs one statement, noting (and for a FETCH maybe holding) what it does to a cursor. */
  private async statement<T extends { rows: unknown[] }>(text: string, run: () => Promise<T>): Promise<T> {
    const [, verb, name = ''] = CURSOR_STATEMENT.exec(text) ?? [];
    if (verb === 'declare') {
      const result = await run();
      const log: CursorLog = { requested: 0, held: 0, batches: [], closed: false, clientReused: false };
      this.byName.set(name, log);
      this.cursors.push(log);
      this.changed();
      return result;
    }
    const log = this.byName.get(name);
    if (!log) return run();
    if (verb === 'close') {
      const result = await run();
      this.ended(name);
      return result;
    }
    log.requested += 1;
    const ordinal = log.requested;
    if (ordinal >= this.holdFrom) {
      log.held += 1;
      this.changed();
      await this.until(() => ordinal < this.holdFrom);
      log.held -= 1;
    }
    const result = await run();
    log.batches.push(result.rows.length);
    this.changed();
    return result;
  }

  private ended(name: string, clientReused = false): void {
    const log = this.byName.get(name);
    if (!log) return;
    log.closed = true;
    log.clientReused = clientReused;
    this.changed();
  }

  private changed(): void {
    for (const check of [...this.waiters]) check();
  }
}

/** A fresh test database whose cursor statements `watch` sees (on PostgreSQL, in the bulk pool exports use). */
async function watchedTestDb(watch: CursorWatch): Promise<DbHandle> {
  const handle = await createTestDb();
  return handle.kind === 'pglite'
    ? { ...handle, client: watch.pglite(handle.client) }
    : { ...handle, bulkClient: watch.postgres(handle.bulkClient) };
}

/**
 * Rows per FETCH when `total` rows are read `size` at a time: full batches, then the rest; a
 * last FETCH answering fewer rows than asked (none, when the total is a multiple) ends the read.
 */
function expectedBatches(total: number, size: number): number[] {
  return [...Array<number>(Math.floor(total / size)).fill(size), total % size];
}

/**
 * The export of `cursor` holds the database no more: no cursor is left open, and on PostgreSQL
 * its client went back to the pool for reuse.
 */
async function expectDatabaseReleased(app: App, cursor: CursorLog): Promise<void> {
  expect(cursor.closed).toBe(true);
  expect(await openExportCursors(app)).toBe(0);
  if (app.dbHandle.kind === 'postgres') expect(cursor.clientReused).toBe(true);
}

// ---------------------------------------------------------------------------------------------
// Reading answers.
// ---------------------------------------------------------------------------------------------

const ENGLISH = { 'accept-language': 'en' };
const CRLF = '\r\n';

const englishLeadHeaders = () =>
  EXPORT_COLUMNS.leads.map(
    (column) => (sharedResources.en.spreadsheet.columns.leads as Record<string, string>)[column],
  );

/** Complete lines received so far (each CSV row ends with CRLF; these texts hold no line break). */
const lineCount = (text: string) => text.split(CRLF).length - 1;

/** An English CSV answer's rows, header first, BOM checked and removed. */
function csvRows(body: Buffer | string): string[][] {
  const text = body.toString();
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ',', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

async function xlsxRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const ASSESSMENT_COLUMN = EXPORT_COLUMNS.leads.indexOf('assessment');
const CREDIT_COLUMN = EXPORT_COLUMNS.leads.indexOf('credit');

// ---------------------------------------------------------------------------------------------

/** More than two CSV batches and a partial third; 25 XLSX batches and an empty last FETCH. */
const LEADS = 2_500;

describe('export streaming: batches, first bytes, a client that hangs up', () => {
  const watch = new CursorWatch();
  let app: App;
  let seller: SignedIn;
  let answers: ServerResponse[];
  let baseUrl: string;
  let downloads: Download[] = [];

  beforeAll(async () => {
    app = await buildTestApp({ db: await watchedTestDb(watch) });
    answers = recordExportAnswers(app);
    seller = await signIn(app, { roles: ['comercial'] });
    await insertWideLeads(app, LEADS);
    baseUrl = await listeningUrl(app);
  });
  beforeEach(() => watch.holdFetchesFrom(Number.POSITIVE_INFINITY));
  afterEach(() => {
    watch.holdFetchesFrom(Number.POSITIVE_INFINITY);
    for (const download of downloads) download.hangUp();
    downloads = [];
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { ...seller.headers, ...ENGLISH } });
  const download = (path: string) => {
    const started = new Download(`${baseUrl}${path}`, { ...seller.headers, ...ENGLISH });
    downloads.push(started);
    return started;
  };

  /** Every lead's assessment as GET /api/leads pages through them (keyset pages of 100). */
  async function listedAssessments(): Promise<string[]> {
    const assessments: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/api/leads?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page: LeadListResponse = response.json();
      assessments.push(...page.data.map((lead) => lead.assessment));
      cursor = page.data.length > 0 ? page.next_cursor : null;
    } while (cursor);
    return assessments;
  }

  it('writes every lead once, in the list order, read from the cursor a batch at a time', async () => {
    const listed = await listedAssessments();
    expect(listed).toHaveLength(LEADS);
    expect(new Set(listed).size).toBe(LEADS);

    const csv = await get('/api/leads/export?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csvRows(csv.rawPayload);
    expect(rows[0]).toEqual(englishLeadHeaders());
    expect(rows.slice(1).map((row) => row[ASSESSMENT_COLUMN])).toEqual(listed);
    await watch.until(() => watch.latest.closed);
    expect(watch.latest.batches).toEqual(expectedBatches(LEADS, DEFAULT_BATCH_SIZE));

    const xlsx = await get('/api/leads/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const cells = await xlsxRows(xlsx.rawPayload);
    expect(cells[0]).toEqual(englishLeadHeaders());
    expect(cells.slice(1).map((row) => row[ASSESSMENT_COLUMN])).toEqual(listed);
    await watch.until(() => watch.latest.closed);
    expect(watch.latest.batches).toEqual(expectedBatches(LEADS, XLSX_BATCH_SIZE));
  });

  it('sends the BOM and header before any row is read, and each batch before the next is read', async () => {
    watch.holdFetchesFrom(1);
    const csv = download('/api/leads/export?format=csv');
    const response = await csv.response;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    await csv.readUntil(() => lineCount(csv.text) >= 1);
    await watch.heldAt(1);
    // The first FETCH has not run: all there is to send is the header.
    expect(csv.text).toBe(`\uFEFF${englishLeadHeaders().join(',')}${CRLF}`);

    watch.holdFetchesFrom(2);
    await csv.readUntil(() => lineCount(csv.text) >= 1 + DEFAULT_BATCH_SIZE);
    await watch.heldAt(2);
    // The second FETCH waits: the client has the first batch, and nothing after it.
    expect(watch.latest.batches).toEqual([DEFAULT_BATCH_SIZE]);
    expect(lineCount(csv.text)).toBe(1 + DEFAULT_BATCH_SIZE);

    watch.holdFetchesFrom(Number.POSITIVE_INFINITY);
    expect(csvRows(await csv.readToEnd())).toHaveLength(1 + LEADS);
    expect(watch.latest.batches).toEqual(expectedBatches(LEADS, DEFAULT_BATCH_SIZE));
  });

  it.each(['csv', 'xlsx'] as const)(
    'stops reading, closes the cursor and frees the database when the client hangs up mid-download (%s)',
    async (format) => {
      watch.holdFetchesFrom(2);
      const file = download(`/api/leads/export?format=${format}`);
      await file.readFirstChunk();
      await watch.heldAt(2);
      expect(await openExportCursors(app)).toBe(1);
      const answer = lastOf(answers);

      file.hangUp();
      await closedOnServer(answer);
      // The FETCH that was under way when the client left may finish; none may follow it.
      watch.holdFetchesFrom(Number.POSITIVE_INFINITY);
      await watch.until(() => watch.latest.closed);
      expect(watch.latest.batches).toHaveLength(2);
      expect(await file.complete).toBe(false);
      await expectDatabaseReleased(app, watch.latest);

      const list = await get('/api/leads?limit=1');
      expect(list.statusCode).toBe(200);
      expect(list.json<LeadListResponse>().total).toBe(LEADS);
      const again = await get(`/api/leads/export?format=${format}`);
      expect(again.statusCode).toBe(200);
      await watch.until(() => watch.latest.closed);
      await expectDatabaseReleased(app, watch.latest);
    },
  );
});

/** Enough wide rows (~12 MB of CSV) that a client that stops reading fills the socket's buffers. */
const MANY_LEADS = 16_000;

describe('export streaming: a client that stops reading', () => {
  const watch = new CursorWatch();
  let app: App;
  let appClosed = false;
  let seller: SignedIn;
  let answers: ServerResponse[];
  let baseUrl: string;
  let downloads: Download[] = [];

  beforeAll(async () => {
    app = await buildTestApp({ db: await watchedTestDb(watch) });
    answers = recordExportAnswers(app);
    seller = await signIn(app, { roles: ['comercial'] });
    await insertWideLeads(app, MANY_LEADS);
    baseUrl = await listeningUrl(app);
  });
  afterEach(() => {
    for (const download of downloads) download.hangUp();
    downloads = [];
  });
  afterAll(async () => {
    if (!appClosed) await app.close();
  });

  const headers = () => ({ ...seller.headers, ...ENGLISH });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: headers() });
  /** An export download whose client read its first chunk and then stopped reading. */
  async function stalledDownload(): Promise<{ file: Download; answer: ServerResponse }> {
    const file = new Download(`${baseUrl}/api/leads/export?format=csv`, headers());
    downloads.push(file);
    await file.readFirstChunk();
    const answer = lastOf(answers);
    await stalledOnClient(answer);
    return { file, answer };
  }

  it('answers reads and writes while a download waits on its client, and the file stays one snapshot', async () => {
    const oldest = (await get('/api/leads?sort=createdAt&order=asc&limit=1')).json<LeadListResponse>()
      .data[0] as Lead;
    const { file, answer } = await stalledDownload();
    // Mid-download: the cursor is open, with batches still to read.
    expect(watch.latest.closed).toBe(false);
    expect(await openExportCursors(app)).toBe(1);
    expect(watch.latest.batches.length).toBeLessThan(expectedBatches(MANY_LEADS, DEFAULT_BATCH_SIZE).length);

    const list = await get('/api/leads?limit=5');
    expect(list.statusCode).toBe(200);
    expect(list.json<LeadListResponse>().total).toBe(MANY_LEADS);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/leads/${oldest.id}`,
      headers: headers(),
      payload: { credit: 4321.5 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Lead>().credit).toBe(4321.5);
    // Both were answered while the download still waited on its client.
    expect(answer.writableNeedDrain).toBe(true);
    expect(watch.latest.closed).toBe(false);

    const rows = csvRows(await file.readToEnd());
    expect(rows).toHaveLength(1 + MANY_LEADS);
    // The oldest lead comes last, as it was when the download began.
    const last = rows.at(-1) ?? [];
    expect(last[ASSESSMENT_COLUMN]).toBe(oldest.assessment);
    expect(last[CREDIT_COLUMN]).toBe(oldest.credit.toFixed(2));
    await watch.until(() => watch.latest.closed);
    await expectDatabaseReleased(app, watch.latest);
  });

  it('closes the app while a client has stopped reading a download: close ends, the download is cut', async () => {
    const { file } = await stalledDownload();
    const cursor = watch.latest;
    expect(cursor.closed).toBe(false);

    await app.close();
    appClosed = true;
    expect(cursor.closed).toBe(true);
    // Reading on, the client gets what was sent, then the connection's end without the answer's.
    await expect(file.readToEnd()).rejects.toThrow(/cut/);
    expect(lineCount(file.text)).toBeLessThan(1 + MANY_LEADS);
  });
});

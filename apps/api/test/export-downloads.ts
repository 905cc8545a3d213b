import { once } from 'node:events';
import { type ClientRequest, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { ASSESSMENT_MAX_LENGTH, CONTRACT_STATUSES, NAME_MAX_LENGTH } from '@funil/shared';
import { type SQL, sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { App } from '../src/app';
import { brands, platforms, quotas, verticals } from '../src/db/schema';
import { insertCatalogueItem } from './lead-fixtures';
import { signIn } from './sign-in';

/*
 * Export downloads as tests see them: wide leads to export, a client that reads only as far as the
 * test says, the server's side of each answer, and the cursors exports hold on the database.
 */

async function countOf(app: App, query: SQL): Promise<number> {
  const result = (await app.db.execute(query)) as unknown as { rows: { count: number | string }[] };
  return Number(result.rows[0]?.count);
}

/**
 * Cursors exports hold open. PGlite: the named cursors on its one connection (the view also lists
 * the unnamed portal of the query reading it). PostgreSQL: sessions of this database busy with an
 * export's cursor — in its transaction, or fetching; once it commits, its last statement is that.
 */
export async function openExportCursors(app: App): Promise<number> {
  if (app.dbHandle.kind === 'pglite') {
    return countOf(app, sql`select count(*) as count from pg_cursors where name <> ''`);
  }
  return countOf(
    app,
    sql`select count(*) as count from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and state <> 'idle' and query like '%row_cursor_%'`,
  );
}

// ---------------------------------------------------------------------------------------------
// The data: leads written with one set-based statement, every text as long as the API allows.
// ---------------------------------------------------------------------------------------------

const BRAND_NAME_LENGTH = 200;

/** `start`, filled up to `length` characters. */
const longText = (start: string, length: number) => `${start} `.padEnd(length, 'abcdefghij');

/**
 * `count` leads of one brand, executive and catalogue item of each kind, in one INSERT … SELECT:
 * lead n has the assessment `Lote 0000n …`; leads 2k and 2k+1 share their creation minute, so the
 * order (newest first) also goes by id. Texts are at their longest, so each CSV line is ~750 bytes.
 */
export async function insertWideLeads(app: App, count: number): Promise<void> {
  const executive = await signIn(app, { name: longText('Executiva de Contas', NAME_MAX_LENGTH) });
  const [brand] = await app.db
    .insert(brands)
    .values({
      name: longText('Rede Nacional de Lojas', BRAND_NAME_LENGTH),
      companyName: 'Rede Nacional Ltda',
      cnpj: '11222333000181',
    })
    .returning({ id: brands.id });
  if (!brand) throw new Error('brand insert returned no row');
  // insertCatalogueItem labels the item `<name> LABEL`.
  const itemName = (start: string) => longText(start, NAME_MAX_LENGTH - ' LABEL'.length);
  const vertical = await insertCatalogueItem(app, verticals, itemName('ESPORTES'));
  const quota = await insertCatalogueItem(app, quotas, itemName('PATROCINIO'));
  const platform = await insertCatalogueItem(app, platforms, itemName('DIGITAL'));
  await app.db.execute(sql`
    insert into leads (brand_id, assessment, vertical_id, quota_id, platform_id, executive_id,
      prospectus_year, contract_status, credit, invest, exchange, rouanet_law, created_at, updated_at)
    select ${brand.id}, rpad('Lote ' || lpad(n::text, 5, '0') || ' ', ${ASSESSMENT_MAX_LENGTH}, 'abcdefghij'),
      ${vertical}, ${quota}, ${platform}, ${executive.user.id},
      2026 + n % 3, (string_to_array(${CONTRACT_STATUSES.join(',')}, ','))[1 + n % ${CONTRACT_STATUSES.length}],
      n * 10.5, n * 3.25, n % 2 = 0, n % 3 = 0,
      '2026-01-01T00:00:00Z'::timestamptz + (n / 2) * interval '1 minute',
      '2026-06-01T00:00:00Z'::timestamptz + n * interval '1 second'
    from generate_series(1, ${count}) as n`);
}

// ---------------------------------------------------------------------------------------------
// The client side: a download over a real socket, read only as far as the test says.
// ---------------------------------------------------------------------------------------------

/** A GET whose body is read only when the test asks; between reads the client does not read. */
export class Download {
  private readonly chunks: Buffer[] = [];
  private readonly outgoing: ClientRequest;
  readonly response: Promise<IncomingMessage>;
  /** Settles when the answer is over: `true` when it arrived whole, `false` when it was cut. */
  readonly complete: Promise<boolean>;

  constructor(url: string, headers: Record<string, string>) {
    this.outgoing = request(url, { headers, agent: false });
    // A hang-up (ours or the server's) may also be reported as an error: `complete` tells.
    this.outgoing.on('error', () => undefined);
    this.response = new Promise((resolve, reject) => {
      this.outgoing.once('error', reject);
      this.outgoing.once('response', (response) => {
        response.pause();
        response.on('error', () => undefined);
        resolve(response);
      });
    });
    this.complete = this.response.then(
      (response) =>
        new Promise<boolean>((resolve) => response.once('close', () => resolve(response.complete))),
      () => false,
    );
    this.outgoing.end();
  }

  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }

  get text(): string {
    return this.bytes.toString('utf8');
  }

  /** Reads until `enough()` holds, then stops reading: the socket's backpressure reaches the server. */
  async readUntil(enough: () => boolean): Promise<void> {
    const response = await this.response;
    if (enough()) return;
    await new Promise<void>((resolve, reject) => {
      const stop = () => {
        response.pause();
        response.off('data', onData);
        response.off('close', onClose);
      };
      const onData = (chunk: Buffer) => {
        this.chunks.push(chunk);
        if (!enough()) return;
        stop();
        resolve();
      };
      const onClose = () => {
        stop();
        reject(new Error(`the download ended after ${this.bytes.length} bytes, before the test's condition`));
      };
      response.on('data', onData);
      response.once('close', onClose);
      response.resume();
    });
  }

  readFirstChunk(): Promise<void> {
    return this.readUntil(() => this.chunks.length > 0);
  }

  /** Reads the rest and answers the whole body; fails when the download is cut. */
  async readToEnd(): Promise<Buffer> {
    const response = await this.response;
    response.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    response.resume();
    if (!(await this.complete)) throw new Error(`the download was cut after ${this.bytes.length} bytes`);
    return this.bytes;
  }

  /** The client goes away: its socket is destroyed. */
  hangUp(): void {
    this.outgoing.destroy();
  }
}

/** The server's side of every export answer, newest last. */
export function recordExportAnswers(app: App): ServerResponse[] {
  const answers: ServerResponse[] = [];
  app.addHook('onRequest', async (request, reply) => {
    if (/^\/api\/(leads|brands|contacts)\/export\b/.test(request.url)) answers.push(reply.raw);
  });
  return answers;
}

export const lastOf = <T>(items: readonly T[]): T => {
  const item = items.at(-1);
  if (item === undefined) throw new Error('nothing recorded yet');
  return item;
};

/** Resolves when the server has seen the answer's connection close. */
export const closedOnServer = async (answer: ServerResponse) => {
  if (!answer.closed) await once(answer, 'close');
};

/**
 * Waits until the server has stopped writing `answer` because the client does not read (its
 * socket's buffers are full), and checks it did stop short of the end.
 */
export async function stalledOnClient(answer: ServerResponse): Promise<void> {
  await vi.waitFor(
    () => {
      if (!answer.writableNeedDrain && !answer.writableFinished)
        throw new Error('the server is still writing');
    },
    { timeout: 20_000, interval: 5 },
  );
  expect(answer.writableFinished, 'the whole export fit in the socket buffers; it needs more rows').toBe(
    false,
  );
}

import { type ClientRequest, request as httpRequest, type ServerResponse } from 'node:http';
import type { Lead, LeadListResponse } from '@funil/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import {
  closedOnServer,
  Download,
  insertWideLeads,
  lastOf,
  openExportCursors,
  recordExportAnswers,
  stalledOnClient,
} from '../../../test/export-downloads';
import { listeningUrl } from '../../../test/listening-url';
import { type SignedIn, signIn } from '../../../test/sign-in';
import { importVia } from '../../../test/spreadsheet-fixtures';
import type { App } from '../../app';
import { BULK_IDLE_LIMIT_MS, BULK_SLOTS_PER_USER } from '../../plugins/bulk-slots';
import { bulkDatabase } from './bulk-database';

/** Enough wide rows (~12 MB of CSV) that a client that stops reading fills the socket's buffers. */
const MANY_LEADS = 16_000;
const BUSY = 'Muitas exportações ou importações em andamento. Tente novamente em instantes.';
/** What "at once" allows on a loaded machine: far below any wait for a connection (3 s). */
const AT_ONCE_MS = 1_000;
/** What an ordinary request may take while the downloads stand still. */
const ORDINARY_MS = 2_000;

type Timed = { status: number; ms: number; retryAfter: string | null; message: string | undefined };

/** A request over HTTP (its own pooled socket), timed to its whole answer. */
async function timed(url: string, init: RequestInit): Promise<Timed> {
  const startedAt = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json')
    ? (JSON.parse(text) as { message?: string })
    : undefined;
  return {
    status: response.status,
    ms: performance.now() - startedAt,
    retryAfter: response.headers.get('retry-after'),
    message: json?.message,
  };
}

/** The bulk pool has every connection back (PostgreSQL); nothing to look at on PGlite. */
function expectBulkPoolIdle(app: App): void {
  const handle = app.dbHandle;
  if (handle.kind !== 'postgres') return;
  expect(handle.bulkClient.waitingCount).toBe(0);
  expect(handle.bulkClient.idleCount).toBe(handle.bulkClient.totalCount);
}

/** The CSV export of every lead, read to its end: its line count (header and trailing newline included). */
async function wholeExportLines(baseUrl: string, user: SignedIn): Promise<number> {
  const file = new Download(`${baseUrl}/api/leads/export?format=csv`, user.headers);
  const body = await file.readToEnd();
  return body.toString('utf8').split('\r\n').length;
}

describe('downloads whose clients stop reading, more than the bulk pool holds', () => {
  let app: App;
  let baseUrl: string;
  let answers: ServerResponse[];
  let users: SignedIn[];
  let downloads: Download[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    answers = recordExportAnswers(app);
    users = await Promise.all(Array.from({ length: 7 }, () => signIn(app, { roles: ['comercial'] })));
    await insertWideLeads(app, MANY_LEADS);
    baseUrl = await listeningUrl(app);
  });
  afterEach(() => {
    for (const download of downloads) download.hangUp();
    downloads = [];
  });
  afterAll(() => app.close());

  const user = (index: number) => users[index] as SignedIn;

  /** An export whose client read its first bytes and then stopped: the server waits on it. */
  async function stalledDownload(by: SignedIn): Promise<{ file: Download; answer: ServerResponse }> {
    const file = new Download(`${baseUrl}/api/leads/export?format=csv`, by.headers);
    downloads.push(file);
    expect((await file.response).statusCode).toBe(200);
    await file.readFirstChunk();
    const answer = lastOf(answers);
    await stalledOnClient(answer);
    return { file, answer };
  }

  const exportAttempt = (by: SignedIn) =>
    timed(`${baseUrl}/api/leads/export?format=csv`, { headers: by.headers });

  /** The first page of the lead list, as `seller` reads it over HTTP. */
  const leadPage = async (seller: SignedIn, query: string): Promise<LeadListResponse> =>
    (await (
      await fetch(`${baseUrl}/api/leads?${query}`, { headers: seller.headers })
    ).json()) as LeadListResponse;

  /** Four rounds of five ordinary reads and writes, each round's at once: every one timed. */
  async function ordinaryRequests(seller: SignedIn, lead: Lead): Promise<Timed[]> {
    const json = { ...seller.headers, 'content-type': 'application/json' };
    const round = (index: number) => [
      timed(`${baseUrl}/api/leads?limit=50`, { headers: seller.headers }),
      timed(`${baseUrl}/api/leads/summary`, { headers: seller.headers }),
      timed(`${baseUrl}/api/leads/board`, { headers: seller.headers }),
      timed(`${baseUrl}/api/brands?limit=20`, { headers: seller.headers }),
      timed(`${baseUrl}/api/leads/${lead.id}`, {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify({ credit: 1000 + index }),
      }),
    ];
    const answered: Timed[] = [];
    for (let index = 0; index < 4; index += 1) answered.push(...(await Promise.all(round(index))));
    expect(answered.map((answer) => answer.status)).toEqual(answered.map(() => 200));
    return answered;
  }

  const slowestOf = (answered: readonly Timed[]) => Math.max(...answered.map((answer) => answer.ms));

  it('serves what the process may at once, refuses the rest with 429 at once, and keeps answering other requests', async () => {
    const total = app.dbHandle.kind === 'postgres' ? app.dbHandle.bulkClient.options.max : 4;
    expect(total).toBe(4);
    expect(BULK_SLOTS_PER_USER).toBe(2);
    expect(BULK_IDLE_LIMIT_MS).toBe(30_000);
    const seller = user(6);
    const [oldest] = (await leadPage(seller, 'sort=createdAt&order=asc&limit=1')).data;
    if (!oldest) throw new Error('no lead to edit');
    // The same requests with no download under way, for comparison (once to warm the statements
    // and caches up, then timed).
    await ordinaryRequests(seller, oldest);
    const quiet = slowestOf(await ordinaryRequests(seller, oldest));

    // Twelve downloads: the first user's two and a third, the second user's two, then seven more.
    const stalled = [await stalledDownload(user(0)), await stalledDownload(user(0))];
    const overUserLimit = await exportAttempt(user(0));
    stalled.push(await stalledDownload(user(1)), await stalledDownload(user(1)));
    const overProcessLimit = await Promise.all(
      [2, 2, 3, 3, 4, 4, 5].map((index) => exportAttempt(user(index))),
    );
    expect(app.bulkSlots.inUse()).toBe(total);

    for (const refused of [overUserLimit, ...overProcessLimit]) {
      expect(refused).toMatchObject({ status: 429, retryAfter: '10', message: BUSY });
      expect(refused.ms).toBeLessThan(AT_ONCE_MS);
    }

    // With every download waiting on its client, the others' reads and writes are answered.
    const answered = await ordinaryRequests(seller, oldest);
    const slowest = slowestOf(answered);
    console.info(
      `[${app.dbHandle.kind}] ${answered.length} ordinary requests while ${total} downloads stood still ` +
        `and ${overProcessLimit.length + 1} were refused: slowest ${slowest.toFixed(0)} ms ` +
        `(${quiet.toFixed(0)} ms with no download)`,
    );
    expect(slowest).toBeLessThan(ORDINARY_MS);
    expect((await leadPage(seller, 'limit=1')).total).toBe(MANY_LEADS);

    // All of that happened while the downloads still stood still, none of them cut.
    for (const { answer } of stalled) {
      expect(answer.writableNeedDrain).toBe(true);
      expect(answer.closed).toBe(false);
    }
    expect(await openExportCursors(app)).toBe(total);

    // The clients go away: every slot, cursor and connection comes back, and a new export is served.
    for (const { file } of stalled) file.hangUp();
    await Promise.all(stalled.map(({ answer }) => closedOnServer(answer)));
    await vi.waitFor(() => expect(app.bulkSlots.inUse()).toBe(0), { timeout: 10_000, interval: 10 });
    await vi.waitFor(async () => expect(await openExportCursors(app)).toBe(0), {
      timeout: 10_000,
      interval: 20,
    });
    expectBulkPoolIdle(app);
    // BOM and header line, one line per lead, and the empty text after the last CRLF.
    expect(await wholeExportLines(baseUrl, user(2))).toBe(MANY_LEADS + 2);
  });
});

/** The idle limit the next tests run with. */
const IDLE_MS = 1_000;
/** Room for a loaded machine beyond the limit and the watch's quarter-limit look. */
const CUT_SLACK_MS = 1_500;

describe('a download or an upload that stands still past the idle limit', () => {
  let app: App;
  let baseUrl: string;
  let answers: ServerResponse[];
  let seller: SignedIn;
  let uploads: ClientRequest[] = [];
  let downloads: Download[] = [];

  beforeAll(async () => {
    app = await buildTestApp({ bulk: { idleMs: IDLE_MS } });
    answers = recordExportAnswers(app);
    seller = await signIn(app, { roles: ['comercial'] });
    await insertWideLeads(app, MANY_LEADS);
    baseUrl = await listeningUrl(app);
  });
  afterEach(() => {
    for (const upload of uploads) upload.destroy();
    uploads = [];
    for (const download of downloads) download.hangUp();
    downloads = [];
  });
  afterAll(() => app.close());

  it('cuts a download whose client reads nothing, and gives back its slot, cursor and connection', async () => {
    const file = new Download(`${baseUrl}/api/leads/export?format=csv`, seller.headers);
    downloads.push(file);
    await file.readFirstChunk();
    const answer = lastOf(answers);
    await stalledOnClient(answer);
    const stalledAt = performance.now();
    expect(app.bulkSlots.inUse()).toBe(1);

    await closedOnServer(answer);
    const cutAfter = performance.now() - stalledAt;
    expect(cutAfter).toBeGreaterThanOrEqual(IDLE_MS * 0.75);
    expect(cutAfter).toBeLessThan(IDLE_MS * 1.25 + CUT_SLACK_MS);
    // Reading on, the client gets what was sent, then the connection's end without the answer's.
    await expect(file.readToEnd()).rejects.toThrow(/cut/);

    await vi.waitFor(() => expect(app.bulkSlots.inUse()).toBe(0), { timeout: 5_000, interval: 10 });
    await vi.waitFor(async () => expect(await openExportCursors(app)).toBe(0), {
      timeout: 5_000,
      interval: 20,
    });
    expectBulkPoolIdle(app);
    expect(await wholeExportLines(baseUrl, seller)).toBe(MANY_LEADS + 2);
  });

  /** An import whose client sent the start of its file and then stopped sending. */
  function stalledUpload(by: SignedIn): { closed: Promise<number> } {
    const boundary = '----funilstalled';
    const start = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="marcas.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\nNome da marca;Razão social;CNPJ\n',
    );
    const upload = httpRequest(`${baseUrl}/api/brands/import`, {
      method: 'POST',
      agent: false,
      headers: {
        ...by.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(start.length + 1024 * 1024),
      },
    });
    uploads.push(upload);
    upload.on('error', () => undefined);
    let lastSent = performance.now();
    upload.write(start, () => {
      lastSent = performance.now();
    });
    return {
      closed: new Promise((resolve) => upload.once('close', () => resolve(performance.now() - lastSent))),
    };
  }

  it('counts imports with exports: one beyond the user’s limit is refused at once, a stalled upload is cut and its slot freed', async () => {
    const importer = await signIn(app, { roles: ['comercial'] });
    const first = stalledUpload(importer);
    const second = stalledUpload(importer);
    await vi.waitFor(() => expect(app.bulkSlots.inUse()).toBe(2), { timeout: 5_000, interval: 5 });

    const csv = 'Nome da marca;Razão social;CNPJ\nMarca Nova;Marca Nova Ltda;11.222.333/0001-81';
    const startedAt = performance.now();
    const refused = await importVia(app, importer.headers, 'brands', csv);
    expect(performance.now() - startedAt).toBeLessThan(AT_ONCE_MS);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json<{ message: string }>().message).toBe(BUSY);
    const exportRefused = await timed(`${baseUrl}/api/leads/export?format=csv`, {
      headers: importer.headers,
    });
    expect(exportRefused).toMatchObject({ status: 429, message: BUSY });
    // Another user is not held back by them.
    expect((await importVia(app, seller.headers, 'brands', csv)).statusCode).toBe(200);

    // Neither upload moves again: each is cut after the limit, and the slots are free.
    for (const cutAfter of await Promise.all([first.closed, second.closed])) {
      expect(cutAfter).toBeGreaterThanOrEqual(IDLE_MS * 0.75);
      expect(cutAfter).toBeLessThan(IDLE_MS * 1.25 + CUT_SLACK_MS);
    }
    await vi.waitFor(() => expect(app.bulkSlots.inUse()).toBe(0), { timeout: 5_000, interval: 10 });
    const accepted = await importVia(app, importer.headers, 'brands', csv);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('reads and writes imports through the bulk pool on PostgreSQL', () => {
    const handle = app.dbHandle;
    const database = bulkDatabase(handle) as unknown as { $client: unknown };
    expect(database.$client).toBe(handle.kind === 'postgres' ? handle.bulkClient : handle.client);
  });
});

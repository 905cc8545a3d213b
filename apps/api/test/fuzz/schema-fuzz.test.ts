import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDbKind } from '../build-test-app';
import { seedFromEnv } from '../seeded-random';
import {
  type FuzzBody,
  jsonBody,
  multipartBody,
  pathSegment,
  queryString,
  spreadsheetBody,
  strayBody,
} from './arbitraries';
import { createFuzzContext } from './fuzz-context';
import { type Operation, operationKey, routeCatalogue } from './route-catalogue';

/**
 * Schema fuzzing: every operation of the OpenAPI document gets RUNS generated requests
 * as an admin — wrong types, missing and extra fields, huge and odd strings, edge numbers,
 * injection text in every parameter and path segment, valid bodies mutated one field at a time,
 * garbage uploads. Never a 5xx; every 4xx is JSON with a message; a write answered 4xx stores
 * nothing (row count and newest row version of every table); the database still answers afterwards.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run test/fuzz.
 */

/**
 * One fixed seed unless FUZZ_SEED names another: the same commit fuzzes the same requests on every
 * run, so a red run is the code's doing, never the calendar's. To look further, run the suite with
 * other seeds (`FUZZ_SEED=<n>`); a failure names its seed.
 */
const SEED = seedFromEnv('FUZZ_SEED', 11_2026);

/**
 * Requests per operation (FUZZ_RUNS overrides). PGlite, the engine the suite always runs on, gets
 * 120. PostgreSQL is the same SQL engine behind another driver: what differs there (how the driver
 * passes a parameter, how its errors map to answers) does not hide behind rare inputs, so 40 catch
 * it. Together a quarter of the 600 a route used to get, for most of the slow suites' time.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (testDbKind() === 'postgres' ? 40 : 120));

/** Answered 503 by design in the test app: no Google sign-in, no CNPJ mirror, no AI provider. */
const NOT_CONFIGURED = new Set([
  'POST /api/auth/google',
  'GET /api/companies/{cnpj}',
  'POST /api/openai/gemini',
  'POST /api/ai/chat',
]);

/**
 * Answers that stay open (the live-update stream): an injected request would never finish. Its one
 * input, the Last-Event-ID header, is checked with odd values by the events tests over real HTTP.
 */
const STREAMS = new Set(['GET /api/events']);

/**
 * Rows a refused write stores by design: a failed sign-in is counted (login throttling), and a
 * rate-limited route counts every call, refused or not, in the counters all processes share.
 */
const STORED_ON_REFUSAL: Record<string, string[]> = {
  'POST /api/auth/login': ['login_attempts'],
  'POST /api/auth/reset-password': ['rate_limit_counters'],
  'GET /api/companies/{cnpj}': ['rate_limit_counters'],
  'POST /api/openai/gemini': ['rate_limit_counters'],
  'POST /api/ai/chat': ['rate_limit_counters'],
};

/** FUZZ_STATS=1 prints each operation's answers by status (to see how many reach the services). */
const STATS = Boolean(process.env.FUZZ_STATS);

const LANGUAGES = [undefined, 'pt-BR', 'en', 'es', 'xx', 'en;q=abc, *', '*'];

type FuzzRequest = { path: Record<string, string>; query: string; body: FuzzBody; language?: string };

const app = await buildTestApp();
await app.ready();
const ctx = await createFuzzContext(app);
const operations = routeCatalogue(app);
afterAll(() => app.close());

function requestArbitrary(op: Operation): fc.Arbitrary<FuzzRequest> {
  const path = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, pathSegment(ctx.validPathValue(op, p.name))])),
  );
  const body = op.multipart
    ? op.multipart === 'image'
      ? multipartBody(ctx.realImage)
      : spreadsheetBody()
    : op.body
      ? jsonBody(op.body, ctx.hints)
      : strayBody;
  return fc.record({
    path,
    query: queryString(op, ctx.hints),
    body,
    language: fc.constantFrom(...LANGUAGES),
  });
}

function injectOptions(op: Operation, request: FuzzRequest, headers: Record<string, string>, n: number) {
  const url =
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => request.path[name] ?? '') +
    (request.query ? `?${request.query}` : '');
  const options: InjectOptions = {
    method: op.method,
    url,
    headers: { ...headers, ...(request.language ? { 'accept-language': request.language } : {}) },
    // A different client address each time: the password reset request is limited per address.
    remoteAddress: `10.11.${(n >> 8) & 255}.${n & 255}`,
  };
  const { body } = request;
  if (body.kind === 'json') {
    options.payload = JSON.stringify(body.value);
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  } else if (body.kind === 'raw') {
    options.payload = body.payload;
    if (body.contentType !== undefined)
      options.headers = { ...options.headers, 'content-type': body.contentType };
  }
  return options;
}

const describeAnswer = (options: InjectOptions, status: number, text: string) =>
  `${String(options.method)} ${String(options.url).slice(0, 300)} (content-type ${String(
    (options.headers as Record<string, string>)['content-type'],
  )}) → ${status} ${text.slice(0, 300)}`;

describe(`schema fuzzing (seed ${SEED}, ${RUNS} requests per operation)`, () => {
  it('reads every operation from the OpenAPI document, the upload included', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(
      operations
        .filter((op) => op.multipart)
        .map(operationKey)
        .sort(),
    ).toEqual([
      'POST /api/brands/import',
      'POST /api/contacts/import',
      'POST /api/leads/import',
      'POST /api/offerings/import',
      'PUT /api/brands/{id}/image',
    ]);
  });

  for (const op of operations.filter((operation) => !STREAMS.has(operationKey(operation)))) {
    const key = operationKey(op);
    it(
      key,
      async () => {
        let before = await ctx.tableSnapshot();
        let n = 0;
        const statuses: Record<number, number> = {};
        const property = fc.asyncProperty(requestArbitrary(op), async (request) => {
          let headers = ctx.adminHeaders();
          if (key === 'POST /api/auth/logout') {
            // Logout revokes the token it is called with: a session of its own each time.
            headers = await ctx.freshAdminHeaders();
            before = await ctx.tableSnapshot();
          }
          const options = injectOptions(op, request, headers, n++);
          const response = await app.inject(options);
          const status = response.statusCode;
          statuses[status] = (statuses[status] ?? 0) + 1;
          const what = describeAnswer(options, status, response.body);

          if (status >= 500 && !(status === 503 && NOT_CONFIGURED.has(key))) throw new Error(`5xx: ${what}`);
          if (status >= 400) {
            expect(String(response.headers['content-type']), what).toMatch(/^application\/json/);
            const answer = response.json<{ message?: unknown }>();
            expect(
              typeof answer.message === 'string' && answer.message.trim() !== '',
              `no message: ${what}`,
            ).toBe(true);
          }
          if (op.method === 'GET') return;
          const after = await ctx.tableSnapshot();
          if (status >= 400) {
            const allowed = STORED_ON_REFUSAL[key] ?? [];
            const changed = Object.keys(after).filter(
              (table) => !allowed.includes(table) && after[table] !== before[table],
            );
            expect(changed, `rows inserted, updated or deleted on a refused write: ${what}`).toEqual([]);
          }
          before = after;
        });
        try {
          await fc.assert(property, { seed: SEED, numRuns: RUNS });
        } catch (error) {
          throw new Error(`Fuzzing ${key} failed; reproduce with FUZZ_SEED=${SEED}\n${String(error)}`, {
            cause: error,
          });
        }
        if (STATS) console.info(key, JSON.stringify(statuses));
        // The database still answers.
        const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: ctx.adminHeaders() });
        expect(me.statusCode).toBe(200);
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.json()).toMatchObject({ status: 'ok' });
      },
      120_000,
    );
  }
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDb, testDbKind } from '../../test/build-test-app';
import { memoryLog } from '../../test/memory-log';
import { findFreePort } from '@funil/test-server';
import type { App } from '../app';
import type { Database, DbHandle } from '../db/client';
import { brands, leads, notes, platforms, quotas, verticals } from '../db/schema';
import { answerForDatabaseError } from './db-errors';

/** The error `work` fails with (it must fail). */
async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

const answerOf = (error: unknown) => {
  const answer = answerForDatabaseError(error);
  return answer && { status: answer.statusCode, key: answer.key, retryAfter: answer.headers['retry-after'] };
};

async function insertLeadReferences(db: Database) {
  const unique = randomUUID().slice(0, 8);
  const [brand] = await db
    .insert(brands)
    .values({ name: `Marca ${unique}`, companyName: 'Empresa', cnpj: '11222333000181' })
    .returning({ id: brands.id });
  const ids = await Promise.all(
    [verticals, quotas, platforms].map(async (table) => {
      const [row] = await db
        .insert(table)
        .values({ name: `${unique}-${table === verticals ? 'v' : table === quotas ? 'q' : 'p'}`, label: 'x' })
        .returning({ id: table.id });
      return row?.id ?? '';
    }),
  );
  return {
    brandId: brand?.id ?? '',
    verticalId: ids[0] ?? '',
    quotaId: ids[1] ?? '',
    platformId: ids[2] ?? '',
  };
}

const raising = (errcode: string) =>
  sql.raw(`do $$ begin raise exception 'raised for the test' using errcode = '${errcode}'; end $$`);

describe('database errors become answers a user can act on', () => {
  let handle: DbHandle;
  let db: Database;
  beforeAll(async () => {
    handle = await createTestDb();
    db = handle.db;
  });
  afterAll(() => handle.close());

  it('a write naming a record that is gone: 404 with that record’s own message', async () => {
    const error = await failureOf(() =>
      db.insert(notes).values({ body: 'órfã', mentions: [], leadId: randomUUID() }),
    );
    expect(answerOf(error)).toEqual({ status: 404, key: 'errors:not_found.lead', retryAfter: undefined });
  });

  it('a delete of a record others point at: 409 with its "in use" message', async () => {
    const refs = await insertLeadReferences(db);
    await db.insert(leads).values({
      brandId: refs.brandId,
      verticalId: refs.verticalId,
      quotaId: refs.quotaId,
      platformId: refs.platformId,
      assessment: 'Q1',
      prospectusYear: 2026,
      contractStatus: 'frio',
    });
    const brandError = await failureOf(() => db.delete(brands).where(sql`${brands.id} = ${refs.brandId}`));
    expect(answerOf(brandError)).toMatchObject({ status: 409, key: 'errors:brands.has_leads' });
    const verticalError = await failureOf(() =>
      db.delete(verticals).where(sql`${verticals.id} = ${refs.verticalId}`),
    );
    expect(answerOf(verticalError)).toMatchObject({ status: 409, key: 'errors:catalogue.in_use' });
  });

  it('a foreign key whose side cannot be told (a server speaking another language): a generic 409', async () => {
    const error = await failureOf(() =>
      db.insert(notes).values({ body: 'órfã', mentions: [], brandId: randomUUID() }),
    );
    // The same failure as a server whose messages are not in English reports it.
    const driverError = (error as { cause?: object }).cause ?? error;
    const localized = Object.assign(
      Object.create(Object.getPrototypeOf(driverError) as object) as object,
      driverError,
      {
        detail: 'A chave (brand_id) não está presente na tabela "brands".',
      },
    );
    expect(answerOf(localized)).toMatchObject({ status: 409, key: 'errors:conflict' });
  });

  it('a unique violation: 409', async () => {
    const name = `única-${randomUUID()}`;
    await db.insert(verticals).values({ name, label: name });
    const error = await failureOf(() => db.insert(verticals).values({ name, label: name }));
    expect(answerOf(error)).toMatchObject({ status: 409, key: 'errors:duplicate' });
  });

  it('a serialisation failure or a deadlock: 409 "try again"', async () => {
    for (const errcode of ['40001', '40P01']) {
      const error = await failureOf(() => db.execute(raising(errcode)));
      expect(answerOf(error), errcode).toEqual({
        status: 409,
        key: 'errors:write_conflict',
        retryAfter: undefined,
      });
    }
  });

  it('a statement cancelled or out of time: 503 with Retry-After', async () => {
    const error =
      testDbKind() === 'postgres'
        ? await failureOf(() =>
            db.transaction(async (tx) => {
              await tx.execute(sql`set local statement_timeout = 20`);
              await tx.execute(sql`select pg_sleep(2)`);
            }),
          )
        : await failureOf(() => db.execute(raising('57014')));
    expect(answerOf(error)).toEqual({ status: 503, key: 'errors:service_unavailable', retryAfter: '5' });
  });

  it('any other failure is left to the error handler’s 500', async () => {
    expect(answerForDatabaseError(await failureOf(() => db.execute(sql`select 1 / 0`)))).toBeUndefined();
    expect(answerForDatabaseError(new Error('boom'))).toBeUndefined();
    expect(answerForDatabaseError('not even an error')).toBeUndefined();
  });
});

describe('a database that is away: 503 "Serviço indisponível" with Retry-After', () => {
  const unavailable = { status: 503, key: 'errors:service_unavailable', retryAfter: '5' };

  it('a socket that broke under a statement being sent, even where its code looks like a SQLSTATE', () => {
    for (const code of ['EPIPE', 'ECONNRESET', 'ETIMEDOUT']) {
      const socketError = Object.assign(new Error(`write ${code}`), { code, syscall: 'write' });
      expect(answerOf(new Error('Failed query: begin', { cause: socketError })), code).toEqual(unavailable);
    }
  });

  it('closed (PGlite) or its pool ended (PostgreSQL)', async () => {
    const handle = await createTestDb();
    await handle.close();
    expect(answerOf(await failureOf(() => handle.db.execute(sql`select 1`)))).toEqual(unavailable);
  });

  it.runIf(testDbKind() === 'postgres')(
    'a connection the server ends (shutdown, crash, terminate)',
    async () => {
      const handle = await createTestDb();
      try {
        const error = await failureOf(() =>
          handle.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`),
        );
        expect(answerOf(error)).toEqual(unavailable);
      } finally {
        await handle.close();
      }
    },
  );

  it.runIf(testDbKind() === 'postgres')('a server that refuses connections', async () => {
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: await findFreePort(),
      connectionTimeoutMillis: 2_000,
    });
    try {
      expect(answerOf(await failureOf(() => pool.query('select 1')))).toEqual(unavailable);
    } finally {
      await pool.end();
    }
  });
});

describe('the error handler', () => {
  const log = memoryLog();
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ logger: { level: 'warn', stream: log.stream } });
    await app.register(
      async (api) => {
        api.get('/orphan-note', { config: { access: 'public' } }, async () =>
          app.db.insert(notes).values({ body: 'órfã', mentions: [], leadId: randomUUID() }),
        );
        api.get('/conflict', { config: { access: 'public' } }, async () => app.db.execute(raising('40P01')));
        api.get('/away', { config: { access: 'public' } }, async () => app.db.execute(raising('57P01')));
      },
      { prefix: '/api/test' },
    );
  });
  afterAll(() => app.close());

  it('answers the mapped status with the message in the caller’s language, the details in the log only', async () => {
    const orphan = await app.inject({ method: 'GET', url: '/api/test/orphan-note' });
    expect(orphan.statusCode).toBe(404);
    expect(orphan.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'not_found.lead',
      message: 'Oportunidade não encontrada',
    });

    const conflict = await app.inject({
      method: 'GET',
      url: '/api/test/conflict',
      headers: { 'accept-language': 'en' },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json<{ message: string }>().message).toBe(
      'Another change was made at the same time. Please try again.',
    );

    const away = await app.inject({ method: 'GET', url: '/api/test/away' });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'service_unavailable',
      message: 'Serviço indisponível',
    });
    expect(away.body).not.toMatch(/raised for the test|select|57P01/);

    const warnings = log.lines.filter(
      (line) => line.level === 40 && /database error answered/.test(line.msg),
    );
    expect(warnings.map((line) => line.msg)).toEqual([
      'database error answered 404',
      'database error answered 409',
      'database error answered 503',
    ]);
  });
});

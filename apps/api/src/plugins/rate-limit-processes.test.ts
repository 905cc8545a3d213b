import { brasilApiRecord, startCnpjMirror } from '@funil/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createPostgresTestDatabase, testDbKind } from '../../test/build-test-app';
import { type SignedIn, signIn } from '../../test/sign-in';
import type { App } from '../app';
import { openPostgres } from '../db/client';

// Two API processes on one PostgreSQL database (two apps, two pools, no JWT_SECRET: they share the
// generated key), both asking a local CNPJ mirror: the 30-a-minute lookup limit is counted once
// for the pair, not once per process.
describe.runIf(testDbKind() === 'postgres')('rate limits across API processes', () => {
  let mirror: Awaited<ReturnType<typeof startCnpjMirror>>;
  let apps: [App, App];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    mirror = await startCnpjMirror();
    mirror.records.set('11222333000181', brasilApiRecord('11222333000181'));
    const database = await createPostgresTestDatabase({ migrated: true });
    drop = database.drop;
    const open = () => openPostgres(database.url, { max: 10 });
    const env = { CNPJ_LOOKUP_URL: mirror.url };
    apps = [await buildTestApp({ db: open(), env }), await buildTestApp({ db: open(), env })];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop();
    await mirror.close();
  });

  const lookup = async (app: App, caller: SignedIn) =>
    (await app.inject({ method: 'GET', url: '/api/companies/11222333000181', headers: caller.headers }))
      .statusCode;

  it('answers the 31st lookup of a minute 429 on either process, lookups spread over both', async () => {
    const caller = await signIn(apps[0]);
    const answers: number[] = [];
    for (let index = 0; index < 30; index += 1) answers.push(await lookup(apps[index % 2]!, caller));
    expect(answers).toEqual(Array(30).fill(200));
    expect(await lookup(apps[0], caller)).toBe(429);
    expect(await lookup(apps[1], caller)).toBe(429);
    // Another user has a count of their own.
    expect(await lookup(apps[1], await signIn(apps[1]))).toBe(200);
  });

  it('lets exactly 30 of 50 lookups sent at once to both processes through', async () => {
    const caller = await signIn(apps[1]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => lookup(apps[index % 2]!, caller)),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(30);
    expect(answers.filter((status) => status === 429)).toHaveLength(20);
  });
});

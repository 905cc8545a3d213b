import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brasilApiRecord, startCnpjMirror } from '@funil/test-server';
import { buildTestApp } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { companyRecords } from '../../db/schema';
import { lookupCompany } from './companies.service';

describe('GET /api/companies/:cnpj against a local mirror', () => {
  let mirror: Awaited<ReturnType<typeof startCnpjMirror>>;
  let app: App;
  let seller: SignedIn;

  beforeAll(async () => {
    mirror = await startCnpjMirror();
    mirror.records.set('11222333000181', brasilApiRecord('11222333000181'));
    mirror.records.set(
      '12ABC34501DE35',
      brasilApiRecord('12ABC34501DE35', {
        razao_social: 'ALFA NUMERICA LTDA',
        descricao_situacao_cadastral: 'BAIXADA',
      }),
    );
    app = await buildTestApp({ env: { CNPJ_LOOKUP_URL: mirror.url } });
    seller = await signIn(app, { roles: ['comercial'] });
  });
  afterAll(async () => {
    await app.close();
    await mirror.close();
  });
  beforeEach(async () => {
    mirror.setBehaviour('normal');
    mirror.requests.length = 0;
    await app.db.delete(companyRecords);
  });

  const lookup = (cnpj: string, headers: Record<string, string> = seller.headers) =>
    app.inject({ method: 'GET', url: `/api/companies/${encodeURIComponent(cnpj)}`, headers });

  it('answers the record, asks the mirror once, and answers from the cache after', async () => {
    const first = await lookup('11.222.333/0001-81');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      cnpj: '11222333000181',
      razao_social: 'TORREFACAO SERRA AZUL S.A.',
      situacao_cadastral: 'ATIVA',
      cnae_principal: { codigo: '1081302' },
      capital_social: 1500000.5,
      fonte: 'Receita Federal (dados abertos)',
    });
    const again = await lookup('11222333000181');
    expect(again.json()).toEqual(first.json());
    expect(mirror.requests).toEqual(['11222333000181']);
  });

  it('asks the mirror again once the cached record is over 30 days old', async () => {
    await lookup('11222333000181');
    await app.db.update(companyRecords).set({ fetchedAt: new Date(Date.now() - 31 * 86_400_000) });
    await lookup('11222333000181');
    expect(mirror.requests).toEqual(['11222333000181', '11222333000181']);
  });

  it('looks up alphanumeric CNPJs in upper case', async () => {
    const response = await lookup('12.abc.345/01de-35');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ cnpj: '12ABC34501DE35', situacao_cadastral: 'BAIXADA' });
    expect(mirror.requests).toEqual(['12ABC34501DE35']);
  });

  it('refuses an invalid CNPJ without asking the mirror', async () => {
    const response = await lookup('11.222.333/0001-82');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('CNPJ inválido');
    expect(mirror.requests).toEqual([]);
  });

  it('answers 404 for an unknown CNPJ, in our words, and caches nothing', async () => {
    const response = await lookup('45.997.418/0001-53');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('CNPJ não encontrado');
    expect(await app.db.select().from(companyRecords)).toHaveLength(0);
  });

  it('answers 502 when the mirror fails or answers something else, never with its text', async () => {
    for (const behaviour of ['failing', 'not-json'] as const) {
      mirror.setBehaviour(behaviour);
      const response = await lookup('11222333000181');
      expect(response.statusCode, behaviour).toBe(502);
      expect(response.json().message).toBe('Não foi possível consultar a Receita Federal');
      expect(response.body).not.toContain('mirror');
    }
    expect(await app.db.select().from(companyRecords)).toHaveLength(0);
    const english = await lookup('11222333000181', { ...seller.headers, 'accept-language': 'en' });
    expect(english.json().message).toBe('Could not reach the Receita Federal registry');
  });

  it('is for signed-in users only, at most 30 lookups a minute each', async () => {
    expect((await lookup('11222333000181', {})).statusCode).toBe(401);
    const busy = await signIn(app);
    const answers = [];
    for (let index = 0; index < 31; index += 1)
      answers.push((await lookup('11222333000181', busy.headers)).statusCode);
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(answers[30]).toBe(429);
    expect((await lookup('11222333000181')).statusCode).toBe(200);
  });
});

describe('lookupCompany', () => {
  it('gives up on a mirror that does not answer in time (502), and says 503 when lookups are off', async () => {
    const mirror = await startCnpjMirror();
    mirror.setBehaviour('hanging');
    const app = await buildTestApp();
    try {
      const startedAt = Date.now();
      await expect(
        lookupCompany(
          { db: app.db, mirrorUrl: mirror.url, log: pino({ level: 'silent' }), timeoutMs: 300 },
          '11222333000181',
        ),
      ).rejects.toMatchObject({ statusCode: 502, key: 'errors:companies.lookup_failed' });
      expect(Date.now() - startedAt).toBeLessThan(5_000);

      const seller = await signIn(app);
      const off = await app.inject({
        method: 'GET',
        url: '/api/companies/11222333000181',
        headers: seller.headers,
      });
      expect(off.statusCode).toBe(503);
      expect(off.json().message).toBe('Consulta de CNPJ desabilitada');
    } finally {
      await app.close();
      await mirror.close();
    }
  });
});

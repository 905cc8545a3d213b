import type { Lead, LeadHistory } from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia, type LeadReferences } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

describe('PATCH /api/leads/:id: the status clock and the reasons a deal was lost', () => {
  let app: App;
  let seller: SignedIn;
  let refs: LeadReferences;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    refs = await createLeadReferences(app, seller.headers);
  });
  afterAll(() => app.close());

  const patch = (id: string, payload: object, language?: string) =>
    app.inject({
      method: 'PATCH',
      url: `/api/leads/${id}`,
      headers: { ...seller.headers, ...(language ? { 'accept-language': language } : {}) },
      payload,
    });
  const history = async (id: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/leads/${id}/history`, headers: seller.headers })
    ).json<LeadHistory>().data;

  it('restarts the clock on a move, and only on a move', async () => {
    const lead = await createLeadVia(app, seller.headers, refs, { assessment: 'Relógio' });
    // Entered its first status when it was created.
    expect(lead.status_changed_at).toBe(lead.createdAt);
    expect(lead.stale).toBe(false);
    const edited = (await patch(lead.id, { credit: 10 })).json<Lead>();
    expect(edited.status_changed_at).toBe(lead.status_changed_at);
    const moved = (await patch(lead.id, { contract_status: 'quente' })).json<Lead>();
    expect(Date.parse(moved.status_changed_at)).toBeGreaterThan(Date.parse(lead.status_changed_at));
    const same = (await patch(lead.id, { contract_status: 'quente', invest: 5 })).json<Lead>();
    expect(same.status_changed_at).toBe(moved.status_changed_at);
  });

  it('keeps the reason of a move to Declinado or Cancelado in the history', async () => {
    const lead = await createLeadVia(app, seller.headers, refs, { assessment: 'Perdida' });
    const declined = await patch(lead.id, { contract_status: 'declinado', reason: '  Sem verba este ano  ' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<Lead>().contract_status).toBe('declinado');
    const [entry] = await history(lead.id);
    expect(entry).toMatchObject({
      from_status: 'frio',
      to_status: 'declinado',
      reason: 'Sem verba este ano',
    });

    // An empty reason is none; a move without one records null.
    await patch(lead.id, { contract_status: 'frio' });
    expect((await patch(lead.id, { contract_status: 'cancelado', reason: '   ' })).statusCode).toBe(200);
    expect((await history(lead.id)).map((change) => [change.to_status, change.reason])).toEqual([
      ['cancelado', null],
      ['frio', null],
      ['declinado', 'Sem verba este ano'],
      ['frio', null],
    ]);
  });

  it('refuses a reason without a move to a lost status, or too long, and changes nothing', async () => {
    const lead = await createLeadVia(app, seller.headers, refs, { assessment: 'Sem motivo' });
    const cases: [object, string][] = [
      [
        { contract_status: 'quente', reason: 'Fechou com outro' },
        'Motivo só acompanha uma mudança para Declinado ou Cancelado',
      ],
      [{ reason: 'Fechou com outro' }, 'Motivo só acompanha uma mudança para Declinado ou Cancelado'],
      [{ contract_status: 'declinado', reason: 'x'.repeat(501) }, 'Motivo deve ter no máximo 500 caracteres'],
      [{ contract_status: 'declinado', reason: 42 }, 'Motivo deve ter no máximo 500 caracteres'],
    ];
    for (const [body, message] of cases) {
      const response = await patch(lead.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    const english = await patch(lead.id, { reason: 'x' }, 'en');
    expect(english.json<{ message: string }>().message).toBe(
      'A reason only goes with a move to Declined or Cancelled',
    );
    expect((await history(lead.id)).map((change) => change.to_status)).toEqual(['frio']);
    expect((await patch(lead.id, { contract_status: 'declinado', reason: 'x'.repeat(500) })).statusCode).toBe(
      200,
    );
  });
});

import type { Lead, LeadHistory, LeadSummary } from '@funil/shared';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia, type LeadReferences } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { eventOutbox, events, leads } from '../../db/schema';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('POST /api/leads/bulk', () => {
  let app: App;
  let seller: SignedIn;
  let manager: SignedIn;
  let refs: LeadReferences;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    manager = await signIn(app, { roles: ['manager'] });
    refs = await createLeadReferences(app, seller.headers);
  });
  afterAll(() => app.close());

  const bulk = (payload: unknown, as: SignedIn = seller) =>
    app.inject({ method: 'POST', url: '/api/leads/bulk', headers: as.headers, payload: payload as object });
  const leadsOf = (count: number, status = 'frio', credit = 100) =>
    Promise.all(
      Array.from({ length: count }, (_, n) =>
        createLeadVia(app, seller.headers, refs, {
          assessment: `Lote ${n}`,
          contract_status: status,
          credit,
        }),
      ),
    );
  /**
   * Events written so far, waiting in the outbox or sequenced into the log: counted in one
   * statement, one snapshot, since the sequencer moves rows from one to the other at any moment.
   */
  const eventsWritten = async () => {
    const [row] = await app.db
      .select({
        count: sql<number>`(select count(*) from ${eventOutbox}) + (select count(*) from ${events})`,
      })
      .from(sql`(select 1) as one`);
    return Number(row?.count);
  };
  const history = async (id: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/leads/${id}/history`, headers: seller.headers })
    ).json<LeadHistory>().data;
  const summary = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/leads/summary?vertical=${refs.verticalId}`,
        headers: seller.headers,
      })
    ).json<LeadSummary>();
  const countOf = async (status: string) =>
    (await summary()).columns.find((column) => column.contract_status === status)?.count;
  const statusesOf = async (ids: string[]) =>
    (
      await app.db
        .select({ id: leads.id, status: leads.contractStatus })
        .from(leads)
        .where(inArray(leads.id, ids))
    )
      .map((row) => row.status)
      .sort();

  it('moves the leads not in the status yet, with a history entry each, the reason and the totals', async () => {
    const chosen = await leadsOf(3);
    const already = (await leadsOf(1, 'declinado'))[0] as Lead;
    const ids = [...chosen.map((lead) => lead.id), already.id, chosen[0]!.id];
    const declinedBefore = await countOf('declinado');
    const writtenBefore = await eventsWritten();

    const response = await bulk({ ids, contract_status: 'declinado', reason: 'Orçamento cortado' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: 3 });
    expect(await statusesOf(ids)).toEqual(['declinado', 'declinado', 'declinado', 'declinado']);
    for (const lead of chosen) {
      expect((await history(lead.id))[0]).toMatchObject({
        from_status: 'frio',
        to_status: 'declinado',
        reason: 'Orçamento cortado',
        user: { id: seller.user.id },
      });
    }
    expect(await history(already.id)).toHaveLength(1);
    expect(await countOf('declinado')).toBe((declinedBefore ?? 0) + 3);
    // One live-update event per moved lead.
    expect((await eventsWritten()) - writtenBefore).toBe(3);
  });

  it('changes nothing when one id is not a lead (404)', async () => {
    const chosen = await leadsOf(2);
    const response = await bulk({
      ids: [...chosen.map((lead) => lead.id), UNKNOWN_ID],
      contract_status: 'quente',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe('Oportunidade não encontrada');
    expect(await statusesOf(chosen.map((lead) => lead.id))).toEqual(['frio', 'frio']);
  });

  it('deletes for an admin or a manager only, all or none', async () => {
    const chosen = await leadsOf(2);
    const ids = chosen.map((lead) => lead.id);
    const refused = await bulk({ ids, delete: true });
    expect(refused.statusCode).toBe(403);
    expect(await statusesOf(ids)).toHaveLength(2);
    expect((await bulk({ ids: [...ids, UNKNOWN_ID], delete: true }, manager)).statusCode).toBe(404);
    expect(await statusesOf(ids)).toHaveLength(2);
    const deleted = await bulk({ ids, delete: true }, manager);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 2 });
    expect(await statusesOf(ids)).toEqual([]);
  });

  it('refuses a bad selection or action with its message', async () => {
    const [lead] = await leadsOf(1);
    const id = lead!.id;
    const tooMany = Array.from(
      { length: 501 },
      (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    );
    const cases: [unknown, string][] = [
      [{ ids: [], contract_status: 'quente' }, 'Selecione de 1 a 500 oportunidades'],
      [{ ids: tooMany, contract_status: 'quente' }, 'Selecione de 1 a 500 oportunidades'],
      [{ ids: 'todos', contract_status: 'quente' }, 'Selecione de 1 a 500 oportunidades'],
      [{ ids: [id] }, 'Informe contract_status, para mover, ou delete: true, para excluir'],
      [
        { ids: [id], contract_status: 'quente', delete: true },
        'Informe contract_status, para mover, ou delete: true, para excluir',
      ],
      [{ ids: [id], delete: false }, 'Informe contract_status, para mover, ou delete: true, para excluir'],
      [{ ids: [id], contract_status: 'gelado' }, 'Status do contrato inválido'],
      [
        { ids: [id], contract_status: 'quente', reason: 'Caro' },
        'Motivo só acompanha uma mudança para Declinado ou Cancelado',
      ],
      [{ ids: [id], contract_status: 'quente', executive: id }, 'Campo não permitido: executive'],
    ];
    for (const [body, message] of cases) {
      const response = await bulk(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect(await statusesOf([id])).toEqual(['frio']);
  });

  it('keeps the totals exact under overlapping bulk moves run at once', async () => {
    const chosen = await leadsOf(12, 'morno', 250.5);
    const ids = chosen.map((lead) => lead.id);
    const before = await summary();
    const answers = await Promise.all([
      bulk({ ids: ids.slice(0, 8), contract_status: 'quente' }),
      bulk({ ids: ids.slice(4), contract_status: 'fechado' }),
      bulk({ ids: [...ids].reverse(), contract_status: 'no_juridico' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const after = await summary();
    const statuses = await statusesOf(ids);
    const total = (of: LeadSummary) => of.columns.reduce((sum, column) => sum + column.count, 0);
    expect(total(after)).toBe(total(before));
    for (const status of ['morno', 'quente', 'fechado', 'no_juridico'] as const) {
      const column = (of: LeadSummary) => of.columns.find((entry) => entry.contract_status === status)!;
      const here = statuses.filter((entry) => entry === status).length;
      const was = status === 'morno' ? 12 : 0;
      expect(column(after).count - column(before).count, status).toBe(here - was);
      expect(column(after).credit - column(before).credit, status).toBeCloseTo((here - was) * 250.5, 2);
    }
  });
});

import { CONTRACT_STATUSES, type ContractStatus, type LiveEvent } from '@funil/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  type Lead,
  type LeadBoard,
  type LeadColumnTotals,
  type LeadFilters,
  leadKeys,
  type LeadSummary,
} from '@/api/leads';
import { apiBrand, apiColumnTotals } from '@/test/api-fixtures';
import { offeringFor, stockItemOf } from '@/test/offering-fixtures';
import { boardLead } from '../test-leads';
import type { ColumnData } from './board-cache';
import { applyLiveEventsToBoard, type BoardCaches, patchBoardCaches } from './board-live';

const by = { id: 'ana-id', name: 'Ana' };
const at = '2026-11-24T12:00:00.000Z';
const updated = (record: Lead, from?: ContractStatus): LiveEvent => ({
  type: 'lead.updated',
  id: record.id,
  by,
  at,
  record,
  ...(from ? { changes: { contract_status: { from, to: record.contract_status } } } : {}),
});
const created = (record: Lead): LiveEvent => ({ type: 'lead.created', id: record.id, by, at, record });
const deleted = (id: string): LiveEvent => ({ type: 'lead.deleted', id, by, at });

const column = (leads: Lead[], more = false): ColumnData => ({
  pages: [{ data: leads, next_cursor: more ? 'cursor' : null }],
  pageParams: [null],
});

const totalsOf = (
  columns: Partial<Record<ContractStatus, Lead[]>>,
  extra: Partial<Record<ContractStatus, number>> = {},
) =>
  CONTRACT_STATUSES.map((contract_status) => {
    const leads = columns[contract_status] ?? [];
    const hidden = extra[contract_status] ?? 0;
    return apiColumnTotals(contract_status, {
      count: leads.length + hidden,
      credit: leads.reduce((sum, lead) => sum + lead.credit, 0) + hidden * 1000,
      invest: leads.reduce((sum, lead) => sum + lead.invest, 0) + hidden * 500,
    });
  });

/** A board of opened columns; `more` names the columns with pages still to load (3 hidden leads each). */
function caches(columns: Partial<Record<ContractStatus, Lead[]>>, more: ContractStatus[] = []): BoardCaches {
  const extra = Object.fromEntries(more.map((status) => [status, 3]));
  return {
    board: undefined,
    columns: Object.fromEntries(
      CONTRACT_STATUSES.map((status) => [status, column(columns[status] ?? [], more.includes(status))]),
    ),
    summary: { columns: totalsOf(columns, extra) },
  };
}

const names = (data: ColumnData | undefined) =>
  data?.pages.flatMap((page) => page.data.map((lead) => lead.brand_id.name));
const totals = (summary: LeadSummary | undefined, status: ContractStatus) =>
  summary?.columns.find((column) => column.contract_status === status);

describe('board live patch', () => {
  it('moves a card to its new column, in board order, with both headers’ count and sums', () => {
    const l1 = boardLead(1, { credit: 1000.1, invest: 0.2 });
    const l2 = boardLead(2);
    const l3 = boardLead(3, { contract_status: 'quente' });
    const before = caches({ frio: [l2, l1], quente: [l3] });
    const { caches: after, stale } = applyLiveEventsToBoard(before, {}, [
      updated({ ...l1, contract_status: 'quente' }, 'frio'),
    ]);
    expect(stale).toBe('none');
    expect(names(after.columns.frio)).toEqual(['Marca 2']);
    expect(names(after.columns.quente)).toEqual(['Marca 3', 'Marca 1']);
    // The forecast moves with the lead: 10% of its credit out of Frio, 50% into Quente.
    expect(totals(after.summary, 'frio')).toMatchObject({
      contract_status: 'frio',
      count: 1,
      credit: 1000,
      invest: 500,
      weighted_credit: 100,
      weighted_invest: 50,
    });
    expect(totals(after.summary, 'quente')).toMatchObject({
      contract_status: 'quente',
      count: 2,
      credit: 2000.1,
      invest: 500.2,
      weighted_credit: 1000.05,
      weighted_invest: 250.1,
    });
    // Untouched columns keep their identity: their cards do not re-render.
    expect(after.columns.morno).toBe(before.columns.morno);
  });

  it('is idempotent: the same event twice (the user’s own move, already applied) changes nothing more', () => {
    const l1 = boardLead(1);
    const event = updated({ ...l1, contract_status: 'morno' }, 'frio');
    const once = applyLiveEventsToBoard(caches({ frio: [l1] }), {}, [event]).caches;
    const twice = applyLiveEventsToBoard(once, {}, [event]).caches;
    expect(twice.summary).toEqual(once.summary);
    expect(names(twice.columns.morno)).toEqual(['Marca 1']);
    expect(totals(twice.summary, 'morno')?.count).toBe(1);
    expect(totals(twice.summary, 'frio')?.count).toBe(0);
  });

  it('adds a new lead to its column and its header; a deleted one leaves both', () => {
    const l1 = boardLead(1);
    const l5 = boardLead(5, { credit: 250.55, invest: 10 });
    const added = applyLiveEventsToBoard(caches({ frio: [l1] }), {}, [created(l5)]);
    expect(added.stale).toBe('none');
    expect(names(added.caches.columns.frio)).toEqual(['Marca 5', 'Marca 1']);
    expect(totals(added.caches.summary, 'frio')).toMatchObject({ count: 2, credit: 1250.55, invest: 510 });
    const removed = applyLiveEventsToBoard(added.caches, {}, [deleted(l1.id)]);
    expect(removed.stale).toBe('none');
    expect(names(removed.caches.columns.frio)).toEqual(['Marca 5']);
    expect(totals(removed.caches.summary, 'frio')).toMatchObject({ count: 1, credit: 250.55, invest: 10 });
  });

  it('takes a lead that no longer matches the filters off the board, and lets one that now does in', () => {
    const year2026 = boardLead(1);
    const filters: LeadFilters = { prospectus_year: 2026 };
    const gone = applyLiveEventsToBoard(caches({ frio: [year2026] }), filters, [
      updated({ ...year2026, prospectus_year: 2027 }),
    ]);
    expect(names(gone.caches.columns.frio)).toEqual([]);
    expect(totals(gone.caches.summary, 'frio')?.count).toBe(0);
    expect(gone.stale).toBe('none');

    const searched = applyLiveEventsToBoard(caches({ frio: [] }), { search: 'cobalto' }, [
      created(boardLead(2, { contract_status: 'frio' })),
      created({ ...boardLead(3), brand_id: { ...boardLead(3).brand_id, name: 'Cobaltô Tintas' } }),
    ]);
    expect(names(searched.caches.columns.frio)).toEqual(['Cobaltô Tintas']);
    expect(totals(searched.caches.summary, 'frio')?.count).toBe(1);
  });

  it('leaves a lead older than every loaded card to its page, and asks for the totals when its place is unknown', () => {
    const loaded = [boardLead(9), boardLead(8)];
    // Lead 2 sorts after the last loaded card of a column with more pages: it may be among them.
    const old = boardLead(2);
    const result = applyLiveEventsToBoard(caches({ frio: loaded }, ['frio']), {}, [
      updated({ ...old, contract_status: 'quente' }, 'frio'),
    ]);
    expect(result.stale).toBe('totals');
    expect(names(result.caches.columns.quente)).toEqual(['Marca 2']);
    expect(names(result.caches.columns.frio)).toEqual(['Marca 9', 'Marca 8']);

    // A newer lead absent from the loaded cards is surely not in the column: totals stay exact.
    const newer = boardLead(10, { contract_status: 'quente' });
    const exact = applyLiveEventsToBoard(caches({ frio: loaded }, ['frio']), {}, [updated(newer, 'frio')]);
    expect(exact.stale).toBe('none');
    expect(totals(exact.caches.summary, 'quente')?.count).toBe(1);
    expect(totals(exact.caches.summary, 'frio')?.count).toBe(5);

    // A delete of a lead nowhere in the loaded cards, with columns left to load: unknown.
    expect(applyLiveEventsToBoard(caches({ frio: loaded }, ['frio']), {}, [deleted('x')]).stale).toBe(
      'totals',
    );
    expect(applyLiveEventsToBoard(caches({ frio: loaded }), {}, [deleted('x')]).stale).toBe('none');
  });

  it('keeps a thousand moves in one batch exact', () => {
    const leads = Array.from({ length: 40 }, (_, n) => boardLead(n + 1, { credit: 10.01 * (n + 1) }));
    let state = caches({ frio: [...leads].reverse() });
    const events: LiveEvent[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const lead = leads[i % leads.length]!;
      const to = CONTRACT_STATUSES[(i + 1) % CONTRACT_STATUSES.length]!;
      const from = CONTRACT_STATUSES[i % CONTRACT_STATUSES.length]!;
      events.push(updated({ ...lead, contract_status: to }, from));
    }
    state = applyLiveEventsToBoard(state, {}, events).caches;
    const shown = Object.fromEntries(
      CONTRACT_STATUSES.map((status) => [status, state.columns[status]!.pages.flatMap((page) => page.data)]),
    );
    const sums = ({ contract_status, count, credit, invest }: LeadColumnTotals) => ({
      contract_status,
      count,
      credit: Math.round(credit * 100) / 100,
      invest,
    });
    expect(state.summary?.columns.map(sums)).toEqual(totalsOf(shown).map(sums));
    // The forecast is kept lead by lead: each lead's share rounds to the cent.
    for (const [index, column] of (state.summary?.columns ?? []).entries()) {
      const expected = totalsOf(shown)[index]!.weighted_credit;
      expect(Math.abs(column.weighted_credit - expected)).toBeLessThanOrEqual(0.01 * 40);
    }
    expect(Object.values(shown).flat()).toHaveLength(40);
  });

  it('shows a renamed brand on its cards; under a brand search the board is read again', () => {
    const l1 = boardLead(1);
    const brand = apiBrand('Cobalto Novo', { id: l1.brand_id.id });
    const renamed = { type: 'brand.updated', id: brand.id, by, at, record: brand } as const;
    const plain = applyLiveEventsToBoard(caches({ frio: [l1] }), {}, [renamed]);
    expect(names(plain.caches.columns.frio)).toEqual(['Cobalto Novo']);
    expect(plain.stale).toBe('none');
    expect(applyLiveEventsToBoard(caches({ frio: [l1] }), { search: 'marca' }, [renamed]).stale).toBe('all');
    expect(
      applyLiveEventsToBoard(caches({ frio: [l1] }), {}, [{ type: 'lead.updated', id: l1.id, by, at }]).stale,
    ).toBe('all');
  });

  it('patches the board call’s first page and totals too, for the columns not opened yet', () => {
    const l1 = boardLead(1);
    const board: LeadBoard = {
      columns: totalsOf({ frio: [l1] }).map((totals) => ({
        ...totals,
        data: totals.contract_status === 'frio' ? [l1] : [],
        next_cursor: null,
      })),
    };
    const after = applyLiveEventsToBoard({ board, columns: {}, summary: undefined }, {}, [
      updated({ ...l1, contract_status: 'assinado' }, 'frio'),
    ]).caches;
    const assinado = after.board?.columns.find((c) => c.contract_status === 'assinado');
    expect(assinado?.data.map((lead) => lead.id)).toEqual([l1.id]);
    expect(assinado?.count).toBe(1);
    expect(after.board?.columns.find((c) => c.contract_status === 'frio')?.count).toBe(0);
  });
});

describe('board live patch: the stock on the cards', () => {
  const l1 = boardLead(1, { franchises: ['Recife'] });
  const national = offeringFor(l1, { id: '00000000-0000-4000-8000-000000070001', quantity: 5 });
  const recife = offeringFor(l1, { id: '00000000-0000-4000-8000-000000070002', franchise: 'Recife' });
  const holding = { ...l1, contract_status: 'fechado' as const, stock: [stockItemOf(national)] };
  const l2 = boardLead(2, { stock: [stockItemOf(national)] });
  const offeringUpdated = (record = national): LiveEvent => ({
    type: 'offering.updated',
    id: record.id,
    by,
    at,
    record,
  });

  it('follows a sale on every card that takes the offering, in place, without reading the board again', () => {
    const before = caches({ frio: [l2], fechado: [holding] });
    const sold = { ...national, held: 5, available: 0 };
    const { caches: after, stale } = applyLiveEventsToBoard(before, {}, [offeringUpdated(sold)]);
    expect(stale).toBe('none');
    for (const status of ['frio', 'fechado'] as const) {
      expect(after.columns[status]?.pages[0]?.data[0]?.stock).toEqual([
        { ...stockItemOf(national), available: 0 },
      ]);
    }
    // The headers count cards and money, not units: they stay as they were.
    expect(after.summary).toBe(before.summary);
    // A column without a card that takes it is the same object, so it does not render again.
    expect(after.columns.quente).toBe(before.columns.quente);
  });

  it('adds a new praça’s offering to the cards of that praça, and drops a deleted offering', () => {
    const before = caches({ frio: [l2], fechado: [holding] });
    const created: LiveEvent = { type: 'offering.created', id: recife.id, by, at, record: recife };
    const withRecife = applyLiveEventsToBoard(before, {}, [created]).caches;
    expect(withRecife.columns.fechado?.pages[0]?.data[0]?.stock).toEqual([
      stockItemOf(national),
      stockItemOf(recife),
    ]);
    // Marca 2 is not in Recife.
    expect(withRecife.columns.frio).toBe(before.columns.frio);

    const gone = applyLiveEventsToBoard(withRecife, {}, [
      { type: 'offering.deleted', id: national.id, by, at },
    ]).caches;
    expect(gone.columns.fechado?.pages[0]?.data[0]?.stock).toEqual([stockItemOf(recife)]);
    expect(gone.columns.frio?.pages[0]?.data[0]?.stock).toEqual([]);
  });

  it('patches the board call’s first page of a column not opened yet', () => {
    const board: LeadBoard = {
      columns: totalsOf({ fechado: [holding] }).map((totals) => ({
        ...totals,
        data: totals.contract_status === 'fechado' ? [holding] : [],
        next_cursor: null,
      })),
    };
    const after = applyLiveEventsToBoard({ board, columns: {}, summary: undefined }, {}, [
      offeringUpdated({ ...national, quantity: 8, available: 7 }),
    ]).caches;
    const fechado = after.board?.columns.find((c) => c.contract_status === 'fechado');
    expect(fechado?.data[0]?.stock).toEqual([{ ...stockItemOf(national), quantity: 8, available: 7 }]);
  });

  it('reads a board filtered by an offering again when its members may have changed', () => {
    const filters: LeadFilters = { offering: national.id };
    const before = caches({ frio: [l2], fechado: [holding] });
    expect(
      applyLiveEventsToBoard(before, filters, [offeringUpdated({ ...national, sold: 1, available: 4 })])
        .stale,
    ).toBe('none');
    expect(
      applyLiveEventsToBoard(before, filters, [offeringUpdated({ ...national, prospectus_year: 2027 })])
        .stale,
    ).toBe('all');
    expect(
      applyLiveEventsToBoard(before, filters, [{ type: 'offering.updated', id: national.id, by, at }]).stale,
    ).toBe('all');
    // A lead whose record no longer shows the offering leaves, and the board is read again.
    const moved = applyLiveEventsToBoard(before, filters, [
      updated({ ...l2, stock: [], prospectus_year: 2027 }),
    ]);
    expect(moved.stale).toBe('all');
    expect(names(moved.caches.columns.frio)).toEqual([]);
    const still = applyLiveEventsToBoard(before, filters, [updated({ ...l2, credit: 5 })]);
    expect(still.stale).toBe('none');
  });
});

describe('board live patcher', () => {
  it('writes each of a board’s queries once per batch and reads the totals again when it must', () => {
    const queryClient = new QueryClient();
    const filters: LeadFilters = {};
    const l1 = boardLead(1);
    const l2 = boardLead(2);
    const start = caches({ frio: [l2, l1] });
    for (const status of CONTRACT_STATUSES) {
      queryClient.setQueryData(leadKeys.column(filters, status), start.columns[status]);
    }
    queryClient.setQueryData(leadKeys.summary(filters), start.summary);
    const setQueryData = vi.spyOn(queryClient, 'setQueryData');
    const markStale = vi.fn();

    patchBoardCaches(
      queryClient,
      [
        updated({ ...l1, contract_status: 'morno' }, 'frio'),
        updated({ ...l2, contract_status: 'quente' }, 'frio'),
        updated({ ...l1, contract_status: 'quente' }, 'morno'),
      ],
      { markStale },
    );
    const keys = setQueryData.mock.calls.map(([key]) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
    // frio, morno (the card came and went), quente and the summary: nothing else, once each.
    expect(keys).toHaveLength(4);
    expect(markStale).not.toHaveBeenCalled();
    const quente = queryClient.getQueryData<ColumnData>(leadKeys.column(filters, 'quente'));
    expect(names(quente)).toEqual(['Marca 2', 'Marca 1']);

    patchBoardCaches(queryClient, [deleted('unknown-lead')], { markStale });
    expect(markStale).not.toHaveBeenCalled();
    queryClient.setQueryData(leadKeys.column(filters, 'frio'), column([], true));
    patchBoardCaches(queryClient, [deleted('unknown-lead')], { markStale });
    expect(markStale).toHaveBeenCalledWith(leadKeys.summary(filters));
  });
});

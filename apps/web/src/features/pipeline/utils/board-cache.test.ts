import { CONTRACT_STATUSES, type LeadSummary } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { apiColumnTotals } from '@/test/api-fixtures';
import { boardLead as apiLead } from '../test-leads';
import {
  type ColumnData,
  compareBoardOrder,
  insertLeadIntoColumn,
  moveLeadTotals,
  positionInColumn,
  removeLeadFromColumn,
  replaceLeadInColumn,
} from './board-cache';

/** Pages of leads, newest first, as the API pages them. */
const column = (pages: number[][], hasMore: boolean): ColumnData => ({
  pages: pages.map((ns, index) => ({
    data: ns.map((n) => apiLead(n)),
    next_cursor: index === pages.length - 1 && !hasMore ? null : `cursor-${index}`,
  })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index - 1}`)),
});

const ids = (data: ColumnData) => data.pages.map((page) => page.data.map((lead) => lead.brand_id.name));

describe('board cache', () => {
  it('orders newest first, then by id', () => {
    const sorted = [apiLead(1), apiLead(3), apiLead(2)].sort(compareBoardOrder);
    expect(sorted.map((lead) => lead.brand_id.name)).toEqual(['Marca 3', 'Marca 2', 'Marca 1']);
    const sameTime = apiLead(5, { createdAt: apiLead(1).createdAt });
    expect(compareBoardOrder(sameTime, apiLead(1))).toBe(-1);
  });

  it('removes a lead and keeps the untouched pages and leads as they were', () => {
    const before = column(
      [
        [9, 8],
        [7, 6],
      ],
      true,
    );
    const after = removeLeadFromColumn(before, apiLead(7).id);
    expect(ids(after)).toEqual([['Marca 9', 'Marca 8'], ['Marca 6']]);
    expect(after.pages[0]).toBe(before.pages[0]);
    expect(after.pages[1]!.data[0]).toBe(before.pages[1]!.data[1]);
    expect(removeLeadFromColumn(before, 'unknown')).toBe(before);
  });

  it('inserts a lead in its place among the loaded pages', () => {
    expect(
      ids(
        insertLeadIntoColumn(
          column(
            [
              [9, 8],
              [6, 5],
            ],
            true,
          ),
          apiLead(7),
        ),
      ),
    ).toEqual([
      ['Marca 9', 'Marca 8'],
      ['Marca 7', 'Marca 6', 'Marca 5'],
    ]);
    expect(ids(insertLeadIntoColumn(column([[9, 8]], true), apiLead(10)))).toEqual([
      ['Marca 10', 'Marca 9', 'Marca 8'],
    ]);
  });

  it('leaves an older lead to the page that holds it while more pages remain', () => {
    expect(ids(insertLeadIntoColumn(column([[9, 8]], true), apiLead(2)))).toEqual([['Marca 9', 'Marca 8']]);
    expect(ids(insertLeadIntoColumn(column([[9, 8]], false), apiLead(2)))).toEqual([
      ['Marca 9', 'Marca 8', 'Marca 2'],
    ]);
    expect(ids(insertLeadIntoColumn(column([[]], false), apiLead(2)))).toEqual([['Marca 2']]);
  });

  it("replaces the optimistic copy with the server's and tells positions", () => {
    const data = column([[9, 8], [7]], true);
    const saved = apiLead(8, { contract_status: 'quente' });
    const replaced = replaceLeadInColumn(data, saved);
    expect(replaced.pages[0]!.data[1]).toBe(saved);
    expect(positionInColumn(replaced, apiLead(7).id)).toBe(3);
    expect(positionInColumn(replaced, 'unknown')).toBeNull();
  });

  it('moves the count and the sums from one header to the other, to the cent', () => {
    const summary: LeadSummary = {
      columns: CONTRACT_STATUSES.map((contract_status) => apiColumnTotals(contract_status)),
    };
    summary.columns[0] = apiColumnTotals('frio', { count: 2, credit: 1000.1, invest: 500.2, stale_count: 1 });
    const lead = apiLead(1, { contract_status: 'frio', credit: 1000.1, invest: 0.2, stale: true });
    const moved = moveLeadTotals(summary, lead, 'quente');
    // Frio weighs 10%, Quente 50%; the lead was stale in Frio and is fresh in Quente.
    expect(moved.columns[0]).toEqual({
      contract_status: 'frio',
      count: 1,
      credit: 0,
      invest: 500,
      probability: 10,
      weighted_credit: 0,
      weighted_invest: 50,
      stale_count: 0,
    });
    expect(moved.columns[2]).toEqual({
      contract_status: 'quente',
      count: 1,
      credit: 1000.1,
      invest: 0.2,
      probability: 50,
      weighted_credit: 500.05,
      weighted_invest: 0.1,
      stale_count: 0,
    });
    expect(moved.columns[1]).toBe(summary.columns[1]);
    expect(moveLeadTotals(summary, lead, 'frio')).toBe(summary);
  });
});

import type { LiveEvent } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { apiCatalogueItem, apiLead } from '@/test/api-fixtures';
import { offeringFor, stockItemOf } from '@/test/offering-fixtures';
import {
  changesOfferingFilter,
  matchesOfferingFilter,
  withOfferingEvent,
  withOfferingStock,
  withoutOfferingStock,
} from './lead-stock';

const by = { id: 'ana-id', name: 'Ana' };
const at = '2026-11-24T12:00:00.000Z';
const lead = apiLead('Q1', { franchises: ['Recife', 'São Paulo'] });
const national = offeringFor(lead, { id: '00000000-0000-4000-8000-000000070001' });
const saoPaulo = offeringFor(lead, { id: '00000000-0000-4000-8000-000000070002', franchise: 'São Paulo' });
const recife = offeringFor(lead, { id: '00000000-0000-4000-8000-000000070003', franchise: 'Recife' });

describe('a lead’s stock after an offering changes', () => {
  it('updates the counts of the offering’s entry and leaves the lead alone when nothing changed', () => {
    const holding = { ...lead, stock: [stockItemOf(national), stockItemOf(saoPaulo)] };
    const sold = withOfferingStock(holding, { ...saoPaulo, held: 4, sold: 1, available: 0 });
    expect(sold.stock).toEqual([stockItemOf(national), { ...stockItemOf(saoPaulo), available: 0 }]);
    expect(withOfferingStock(holding, saoPaulo)).toBe(holding);
  });

  it('adds an offering the lead now takes, national first and then by praça, as the server orders it', () => {
    const holding = { ...lead, stock: [stockItemOf(saoPaulo)] };
    const withRecife = withOfferingStock(holding, recife);
    expect(withRecife.stock.map((item) => item.franchise)).toEqual(['Recife', 'São Paulo']);
    expect(withOfferingStock(withRecife, national).stock.map((item) => item.franchise)).toEqual([
      null,
      'Recife',
      'São Paulo',
    ]);
  });

  it('never adds an offering of another key, another praça or an inactive one, and drops one that moved away', () => {
    expect(withOfferingStock(lead, { ...national, prospectus_year: 2027 })).toBe(lead);
    expect(withOfferingStock(lead, { ...national, quota: apiCatalogueItem('COTA B') })).toBe(lead);
    expect(withOfferingStock(lead, { ...national, franchise: 'Belo Horizonte' })).toBe(lead);
    expect(withOfferingStock(lead, { ...national, status: 'inactive' })).toBe(lead);

    const holding = { ...lead, stock: [stockItemOf(national), stockItemOf(recife)] };
    expect(withOfferingStock(holding, { ...recife, status: 'inactive' }).stock).toEqual([
      stockItemOf(national),
    ]);
    expect(withOfferingStock(holding, { ...recife, franchise: 'Belo Horizonte' }).stock).toEqual([
      stockItemOf(national),
    ]);
    expect(withoutOfferingStock(holding, national.id).stock).toEqual([stockItemOf(recife)]);
    expect(withoutOfferingStock(lead, national.id)).toBe(lead);
  });

  it('reads the live events: created and updated with their record, deleted by id, any other untouched', () => {
    const created: LiveEvent = { type: 'offering.created', id: national.id, by, at, record: national };
    const deleted: LiveEvent = { type: 'offering.deleted', id: national.id, by, at };
    const withNational = withOfferingEvent(lead, created);
    expect(withNational.stock).toEqual([stockItemOf(national)]);
    expect(withOfferingEvent(withNational, deleted).stock).toEqual([]);
    expect(withOfferingEvent(withNational, { type: 'offering.updated', id: national.id, by, at })).toBe(
      withNational,
    );
    expect(withOfferingEvent(lead, { type: 'lead.deleted', id: lead.id, by, at })).toBe(lead);
  });
});

describe('the offering filter', () => {
  const updated = (record = national): LiveEvent => ({
    type: 'offering.updated',
    id: record.id,
    by,
    at,
    record,
  });

  it('keeps its leads through a change of counts, and not through a change of key or a delete', () => {
    expect(changesOfferingFilter(updated({ ...national, sold: 2, available: 3 }), national.id, [lead])).toBe(
      false,
    );
    expect(changesOfferingFilter(updated({ ...national, status: 'inactive' }), national.id, [lead])).toBe(
      false,
    );
    expect(changesOfferingFilter(updated({ ...national, prospectus_year: 2027 }), national.id, [lead])).toBe(
      true,
    );
    expect(changesOfferingFilter(updated(), national.id, [])).toBe(true);
    expect(
      changesOfferingFilter({ type: 'offering.deleted', id: national.id, by, at }, national.id, [lead]),
    ).toBe(true);
    // Another offering, or no such filter.
    expect(changesOfferingFilter(updated(recife), national.id, [lead])).toBe(false);
    expect(changesOfferingFilter(updated(), undefined, [lead])).toBe(false);
  });

  it('finds a lead by its stock, and cannot tell about one whose stock does not show the offering', () => {
    expect(matchesOfferingFilter(lead, undefined)).toBe(true);
    expect(matchesOfferingFilter({ ...lead, stock: [stockItemOf(national)] }, national.id)).toBe(true);
    expect(matchesOfferingFilter(lead, national.id)).toBeUndefined();
  });
});

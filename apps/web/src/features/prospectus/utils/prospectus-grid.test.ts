import { describe, expect, it } from 'vitest';
import { APOIO, DIGITAL, MASTER, NOVELAS, testOffering } from '../test-offerings';
import { buildProspectusGrid, occupancyOf, occupiedPercent } from './prospectus-grid';

describe('prospectus grid', () => {
  it('lays the year out as quota columns, national first then each praça, a row per vertical and platform', () => {
    const grid = buildProspectusGrid([
      testOffering(1, { franchise: 'Salvador' }),
      testOffering(2, { quota: APOIO }),
      testOffering(3, { vertical: NOVELAS, platform: DIGITAL }),
      testOffering(4),
      testOffering(5, { franchise: 'Recife', quota: APOIO }),
    ]);

    expect(grid.columns.map((column) => column.label)).toEqual(['Apoio', 'Master']);
    expect(grid.sections.map((section) => section.franchise)).toEqual([null, 'Recife', 'Salvador']);
    const national = grid.sections[0]!;
    expect(national.rows.map((row) => `${row.vertical.label} · ${row.platform.label}`)).toEqual([
      'Esportes · TV Aberta',
      'Novelas · Digital',
    ]);
    expect(national.rows[0]!.cells.map((cell) => cell?.id)).toEqual([testOffering(2).id, testOffering(4).id]);
    expect(national.rows[1]!.cells.map((cell) => cell?.quota.label ?? null)).toEqual([null, 'Master']);
    // A praça's section has the year's columns too: what it does not offer is an empty cell.
    expect(grid.sections[1]!.rows[0]!.cells.map((cell) => cell?.quota.id ?? null)).toEqual([APOIO.id, null]);
    expect(grid.sections[2]!.rows[0]!.cells.map((cell) => cell?.quota.id ?? null)).toEqual([null, MASTER.id]);
  });

  it("totals each section's active units and what is left of them", () => {
    const grid = buildProspectusGrid([
      testOffering(1, { quantity: 10, held: 2, sold: 3 }),
      testOffering(2, { quota: APOIO, quantity: 4, sold: 4 }),
      testOffering(3, { vertical: NOVELAS, quantity: 50, status: 'inactive' }),
    ]);
    expect(grid.sections[0]).toMatchObject({ quantity: 14, available: 5 });
  });

  it('is empty for a year without offerings', () => {
    expect(buildProspectusGrid([])).toEqual({ columns: [], sections: [] });
  });

  it('colours by what is taken: under half, from half on, sold out, inactive', () => {
    expect(occupancyOf(testOffering(1, { quantity: 5, held: 2 }))).toBe('free');
    expect(occupancyOf(testOffering(1, { quantity: 4, held: 1, sold: 1 }))).toBe('half');
    expect(occupancyOf(testOffering(1, { quantity: 3, held: 1, sold: 2 }))).toBe('full');
    expect(occupancyOf(testOffering(1, { quantity: 3, sold: 3, status: 'inactive' }))).toBe('inactive');
    expect(occupiedPercent(testOffering(1, { quantity: 3, held: 1 }))).toBe(33);
    expect(occupiedPercent(testOffering(1, { quantity: 5 }))).toBe(0);
  });
});

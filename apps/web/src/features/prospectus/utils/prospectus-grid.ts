import type { Offering } from '@/api/offerings';

/**
 * How taken an offering is, which colours its cell: `free` under half, `half` from half on,
 * `full` with nothing left; an inactive offering constrains nothing and is only `inactive`.
 */
export type Occupancy = 'free' | 'half' | 'full' | 'inactive';

/** The share of its units the opportunities hold or have signed, 0–100 (more when oversold by an edit). */
export function occupiedPercent(offering: Pick<Offering, 'quantity' | 'held' | 'sold'>): number {
  if (offering.quantity <= 0) return 100;
  return Math.round(((offering.held + offering.sold) / offering.quantity) * 100);
}

export function occupancyOf(
  offering: Pick<Offering, 'status' | 'quantity' | 'held' | 'sold' | 'available'>,
): Occupancy {
  if (offering.status === 'inactive') return 'inactive';
  if (offering.available <= 0) return 'full';
  return offering.held + offering.sold >= offering.quantity / 2 ? 'half' : 'free';
}

type Labelled = { id: string; label: string };

/** A column of the grid: one quota type present in the year's offerings. */
export type GridColumn = Labelled;

/** A row of one section: a vertical and a platform, with the section's offering under each column (or none). */
export type GridRow = {
  key: string;
  vertical: Labelled;
  platform: Labelled;
  cells: (Offering | null)[];
};

/** The national offerings (`franchise` null) or one praça's, with their active units and what is left. */
export type GridSection = {
  franchise: string | null;
  rows: GridRow[];
  quantity: number;
  available: number;
};

export type ProspectusGrid = { columns: GridColumn[]; sections: GridSection[] };

const byLabel = (collator: Intl.Collator) => (a: Labelled, b: Labelled) =>
  collator.compare(a.label, b.label) || collator.compare(a.id, b.id);

/**
 * The prospectus as the screen lays it out: columns the quota types of the year's offerings (by
 * label); the national offerings first, then one section per praça (by name); in each, a row per
 * vertical and platform it offers (by their labels). The key is unique, so a cell holds one
 * offering at most.
 */
export function buildProspectusGrid(
  offerings: readonly Offering[],
  collator: Intl.Collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true }),
): ProspectusGrid {
  const quotas = new Map<string, Labelled>();
  for (const offering of offerings) quotas.set(offering.quota.id, offering.quota);
  const columns = [...quotas.values()].sort(byLabel(collator));
  const columnIndex = new Map(columns.map((column, index) => [column.id, index]));

  const sectionsByFranchise = new Map<string | null, Map<string, GridRow>>();
  const totals = new Map<string | null, { quantity: number; available: number }>();
  for (const offering of offerings) {
    let rows = sectionsByFranchise.get(offering.franchise);
    if (!rows) {
      rows = new Map();
      sectionsByFranchise.set(offering.franchise, rows);
      totals.set(offering.franchise, { quantity: 0, available: 0 });
    }
    const key = `${offering.vertical.id}|${offering.platform.id}`;
    let row = rows.get(key);
    if (!row) {
      row = { key, vertical: offering.vertical, platform: offering.platform, cells: columns.map(() => null) };
      rows.set(key, row);
    }
    row.cells[columnIndex.get(offering.quota.id)!] = offering;
    if (offering.status === 'active') {
      const total = totals.get(offering.franchise)!;
      total.quantity += offering.quantity;
      total.available += offering.available;
    }
  }

  const compareRows = (a: GridRow, b: GridRow) =>
    byLabel(collator)(a.vertical, b.vertical) || byLabel(collator)(a.platform, b.platform);
  const sections = [...sectionsByFranchise.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : collator.compare(a, b)))
    .map(([franchise, rows]) => ({
      franchise,
      rows: [...rows.values()].sort(compareRows),
      ...totals.get(franchise)!,
    }));
  return { columns, sections };
}

import type { Offering } from '@funil/shared';

/**
 * What the opportunity form shows of the prospectus: the active offerings of the chosen year,
 * vertical, platform and quota that the opportunity would take — the national one and those of
 * the praças it names, national first, then by praça — and how its credit compares with their
 * table prices added up.
 */
export type StockPreview = {
  offerings: Offering[];
  /** Σ list_price of those offerings, to the cent. */
  tableTotal: number;
  /** credit − tableTotal, to the cent: below the table when negative. */
  difference: number;
};

const toCents = (amount: number) => Math.round(amount * 100);

export function stockPreview(
  offerings: readonly Offering[],
  franchises: readonly string[],
  credit: number,
): StockPreview {
  const taken = offerings
    .filter((offering) => offering.franchise === null || franchises.includes(offering.franchise))
    .sort((a, b) => {
      if (a.franchise === b.franchise) return 0;
      if (a.franchise === null) return -1;
      if (b.franchise === null) return 1;
      return a.franchise.localeCompare(b.franchise, 'pt-BR');
    });
  const totalCents = taken.reduce((sum, offering) => sum + toCents(offering.list_price), 0);
  return {
    offerings: taken,
    tableTotal: totalCents / 100,
    difference: (toCents(credit) - totalCents) / 100,
  };
}

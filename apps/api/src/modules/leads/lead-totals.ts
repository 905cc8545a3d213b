import { CONTRACT_STATUSES, type ContractStatus, type LeadColumnTotals } from '@funil/shared';

/** One GROUP BY row: sums arrive as numeric text (exact), counts as numbers. */
export type StatusTotalsRow = {
  contractStatus: ContractStatus;
  count: number;
  credit: string;
  invest: string;
};

/** GROUP BY rows read as arrays: status, count, credit, invest. */
export const toStatusTotalsRows = (rows: unknown[][]): StatusTotalsRow[] =>
  rows.map(([contractStatus, count, credit, invest]) => ({
    contractStatus: contractStatus as ContractStatus,
    count: Number(count),
    credit: String(credit),
    invest: String(invest),
  }));

/**
 * The pipeline's columns from the grouped rows: all 8 statuses in board order, zeros for the ones
 * no lead is in, so a board shows every column whatever the filters leave.
 */
export function toPipelineTotals(rows: readonly StatusTotalsRow[]): LeadColumnTotals[] {
  const byStatus = new Map(rows.map((row) => [row.contractStatus, row]));
  return CONTRACT_STATUSES.map((status) => {
    const row = byStatus.get(status);
    return {
      contract_status: status,
      count: row ? Number(row.count) : 0,
      credit: row ? Number(row.credit) : 0,
      invest: row ? Number(row.invest) : 0,
    };
  });
}

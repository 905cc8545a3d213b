import type { ContractStatus, StatusTotalsRow } from '@funil/shared';

/** GROUP BY rows read as arrays: status, count, credit, invest, and the stale count when selected. */
export const toStatusTotalsRows = (rows: unknown[][]): StatusTotalsRow[] =>
  rows.map(([contractStatus, count, credit, invest, staleCount]) => ({
    contractStatus: contractStatus as ContractStatus,
    count: Number(count),
    credit: String(credit),
    invest: String(invest),
    ...(staleCount === undefined ? {} : { staleCount: Number(staleCount) }),
  }));

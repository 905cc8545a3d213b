import { CONTRACT_STATUSES, type ContractStatus } from '../constants';
import type { LeadColumnTotals } from '../schemas/leads';
import { PIPELINE_DEFAULTS } from '../constants/pipeline-settings';

/**
 * A pipeline column's figures from the database's rows, for the API and for anything replaying
 * its statements (the benchmark's baseline server): one arithmetic, exact to the cent.
 */

/** One GROUP BY row: sums arrive as numeric text (exact), counts as numbers. */
export type StatusTotalsRow = {
  contractStatus: ContractStatus;
  count: number;
  credit: string;
  invest: string;
  /** How many of the row's leads are stale (absent: none). */
  staleCount?: number;
};

/** A status's settings, as the totals use them. */
export type StatusSetting = { probability: number; staleAfterDays: number | null };
export type StatusSettings = Record<ContractStatus, StatusSetting>;

/** A status's default settings (a new installation's). */
export const defaultStatusSetting = (status: ContractStatus): StatusSetting => ({
  probability: PIPELINE_DEFAULTS[status].probability,
  staleAfterDays: PIPELINE_DEFAULTS[status].stale_after_days,
});

/** Exact money arithmetic: numeric text ("1234.5", "-0.25", "0") as whole cents. */
export function toCents(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt(`${fraction}00`.slice(0, 2));
  return negative ? -cents : cents;
}

/** Whole cents as numeric text ("-12.05"). */
export function centsToText(cents: bigint): string {
  const magnitude = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

/** Whole cents as a JSON number of reais. */
export const fromCents = (cents: bigint): number => Number(cents) / 100;

/** `cents × percent / 100`, rounded half away from zero to the cent. */
export function percentOfCents(cents: bigint, percent: number): bigint {
  const scaled = cents * BigInt(percent);
  const rounded = (scaled < 0n ? -scaled : scaled) + 50n;
  return (scaled < 0n ? -1n : 1n) * (rounded / 100n);
}

/**
 * The pipeline's columns from the grouped rows: all 8 statuses in board order, zeros for the ones
 * no lead is in, so a board shows every column whatever the filters leave; each column's sums
 * weighed by its status's probability (the forecast).
 */
export function toPipelineTotals(
  rows: readonly StatusTotalsRow[],
  settings: StatusSettings,
): LeadColumnTotals[] {
  const byStatus = new Map(rows.map((row) => [row.contractStatus, row]));
  return CONTRACT_STATUSES.map((status) => {
    const row = byStatus.get(status);
    const credit = toCents(row?.credit ?? '0');
    const invest = toCents(row?.invest ?? '0');
    const { probability } = settings[status];
    return {
      contract_status: status,
      count: row ? Number(row.count) : 0,
      credit: fromCents(credit),
      invest: fromCents(invest),
      probability,
      weighted_credit: fromCents(percentOfCents(credit, probability)),
      weighted_invest: fromCents(percentOfCents(invest, probability)),
      stale_count: row?.staleCount ?? 0,
    };
  });
}

const ZERO: Omit<StatusTotalsRow, 'contractStatus'> = { count: 0, credit: '0', invest: '0' };

/**
 * Each status's totals from all its leads (`running`) and its fresh ones (`fresh`: in the status
 * for less than its `staleAfterDays`): all of them with their stale count (`stale` undefined), only
 * the stale ones (true) or only the fresh ones (false). A status without a threshold has no stale
 * lead.
 */
export function splitByStaleness(
  running: readonly StatusTotalsRow[],
  fresh: readonly StatusTotalsRow[],
  settings: StatusSettings,
  stale: boolean | undefined,
): StatusTotalsRow[] {
  const runningOf = new Map(running.map((row) => [row.contractStatus, row]));
  const freshOf = new Map(fresh.map((row) => [row.contractStatus, row]));
  return CONTRACT_STATUSES.map((status) => {
    const all = { ...ZERO, ...runningOf.get(status), contractStatus: status };
    if (settings[status].staleAfterDays === null) {
      return stale === true ? { ...ZERO, contractStatus: status } : { ...all, staleCount: 0 };
    }
    const recent = { ...ZERO, ...freshOf.get(status), contractStatus: status };
    const staleRow = {
      contractStatus: status,
      count: all.count - recent.count,
      credit: centsToText(toCents(all.credit) - toCents(recent.credit)),
      invest: centsToText(toCents(all.invest) - toCents(recent.invest)),
    };
    if (stale === true) return { ...staleRow, staleCount: staleRow.count };
    if (stale === false) return { ...recent, staleCount: 0 };
    return { ...all, staleCount: staleRow.count };
  });
}

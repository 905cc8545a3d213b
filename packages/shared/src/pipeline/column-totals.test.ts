import { describe, expect, it } from 'vitest';
import { CONTRACT_STATUSES } from '../constants';
import {
  defaultStatusSetting,
  percentOfCents,
  type StatusSettings,
  toCents,
  toPipelineTotals,
} from './column-totals';

const DEFAULT_SETTINGS = Object.fromEntries(
  CONTRACT_STATUSES.map((status) => [status, defaultStatusSetting(status)]),
) as StatusSettings;

describe('pipeline totals', () => {
  it('answers every status in board order, zeros where no lead is, money as numbers', () => {
    const totals = toPipelineTotals(
      [
        { contractStatus: 'assinado', count: 2, credit: '1500.50', invest: '0.00' },
        { contractStatus: 'frio', count: 1, credit: '10.00', invest: '2.25', staleCount: 1 },
      ],
      DEFAULT_SETTINGS,
    );
    expect(totals.map((column) => column.contract_status)).toEqual([...CONTRACT_STATUSES]);
    expect(totals[0]).toEqual({
      contract_status: 'frio',
      count: 1,
      credit: 10,
      invest: 2.25,
      probability: 10,
      weighted_credit: 1,
      weighted_invest: 0.23,
      stale_count: 1,
    });
    expect(totals[5]).toMatchObject({ count: 2, credit: 1500.5, weighted_credit: 1500.5, stale_count: 0 });
    expect(totals[1]).toEqual({
      contract_status: 'morno',
      count: 0,
      credit: 0,
      invest: 0,
      probability: 25,
      weighted_credit: 0,
      weighted_invest: 0,
      stale_count: 0,
    });
  });

  it('answers eight zero columns when nothing matches', () => {
    expect(
      toPipelineTotals([], DEFAULT_SETTINGS).every((column) => column.count === 0 && column.credit === 0),
    ).toBe(true);
  });

  it("weighs money exactly, to the cent, at the column sums' size", () => {
    expect(toCents('123456789012345.67')).toBe(12345678901234567n);
    expect(toCents('-0.5')).toBe(-50n);
    expect(toCents('0')).toBe(0n);
    // 10% of 0.05 is half a cent: rounded away from zero.
    expect(percentOfCents(5n, 10)).toBe(1n);
    expect(percentOfCents(-5n, 10)).toBe(-1n);
    expect(percentOfCents(12345678901234567n, 25)).toBe(3086419725308642n);
  });
});

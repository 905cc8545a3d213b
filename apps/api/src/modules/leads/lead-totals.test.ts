import { CONTRACT_STATUSES } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { toPipelineTotals } from './lead-totals';

describe('pipeline totals', () => {
  it('answers every status in board order, zeros where no lead is, money as numbers', () => {
    const totals = toPipelineTotals([
      { contractStatus: 'assinado', count: 2, credit: '1500.50', invest: '0.00' },
      { contractStatus: 'frio', count: 1, credit: '10.00', invest: '2.25' },
    ]);
    expect(totals.map((column) => column.contract_status)).toEqual([...CONTRACT_STATUSES]);
    expect(totals[0]).toEqual({ contract_status: 'frio', count: 1, credit: 10, invest: 2.25 });
    expect(totals[5]).toEqual({ contract_status: 'assinado', count: 2, credit: 1500.5, invest: 0 });
    expect(totals[1]).toEqual({ contract_status: 'morno', count: 0, credit: 0, invest: 0 });
  });

  it('answers eight zero columns when nothing matches', () => {
    expect(toPipelineTotals([]).every((column) => column.count === 0 && column.credit === 0)).toBe(true);
  });
});

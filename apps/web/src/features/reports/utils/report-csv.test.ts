import type { PipelineReport } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { toCsv } from '@/lib/csv';
import { reportCsvRows } from './report-csv';
import { reportFigures } from './report-figures';
import { lostReasonsTable, outcomesTable } from './report-tables';

const REPORT: PipelineReport = {
  group_by: 'month',
  from: '2026-01-01',
  to: '2026-02-28',
  groups: [
    {
      key: '2026-01',
      label: '2026-01',
      created: 1234,
      won: 1,
      won_credit: 1_234_567.5,
      lost: 2,
      lost_credit: 250_000,
      conversion: 1 / 3,
      avg_days_to_sign: 21.25,
    },
    {
      key: '2026-02',
      label: '2026-02',
      created: 3,
      won: 0,
      won_credit: 0,
      lost: 0,
      lost_credit: 0,
      conversion: null,
      avg_days_to_sign: null,
    },
  ],
  total: {
    created: 1237,
    won: 1,
    won_credit: 1_234_567.5,
    lost: 2,
    lost_credit: 250_000,
    conversion: 1 / 3,
    avg_days_to_sign: 21.25,
  },
  lost_reasons: [{ reason: 'Preço', count: 2 }],
};

function outcomesCsv(language: string) {
  const t = i18n.getFixedT(language, 'reports');
  return reportCsvRows(outcomesTable(REPORT, 'month', reportFigures(language), t), language);
}

describe('report CSV rows', () => {
  it('in pt-BR: translated headers, months as keys, plain numbers with a decimal comma, none as empty', () => {
    expect(outcomesCsv('pt-BR')).toEqual([
      [
        'Mês',
        'Criadas',
        'Ganhas',
        'Crédito ganho',
        'Perdidas',
        'Crédito perdido',
        'Conversão (%)',
        'Dias até assinar',
      ],
      ['2026-01', '1234', '1', '1234567,50', '2', '250000,00', '33,3', '21,3'],
      ['2026-02', '3', '0', '0,00', '0', '0,00', '', ''],
    ]);
    const t = i18n.getFixedT('pt-BR', 'reports');
    expect(toCsv(reportCsvRows(lostReasonsTable(REPORT, t), 'pt-BR'), 'pt-BR')).toBe(
      '\uFEFFMotivo;Perdas\r\nPreço;2',
    );
  });

  it('in en: "," between cells and a decimal point', () => {
    expect(toCsv(outcomesCsv('en'), 'en').split('\r\n')).toEqual([
      '\uFEFFMonth,Created,Won,Credit won,Lost,Credit lost,Conversion (%),Days to sign',
      '2026-01,1234,1,1234567.50,2,250000.00,33.3,21.3',
      '2026-02,3,0,0.00,0,0.00,,',
    ]);
  });

  it('in es: ";" between cells and a decimal comma', () => {
    expect(toCsv(outcomesCsv('es'), 'es').split('\r\n')[1]).toBe(
      '2026-01;1234;1;1234567,50;2;250000,00;33,3;21,3',
    );
  });
});

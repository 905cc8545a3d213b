// The comparison's tables: Funil beside the baseline per scenario, each ratio flagged by its target.
import type { Alternated } from './alternate';

export type Row = { key: string; scenario: string; cache: string } & Alternated;

const RPS_TARGET = 0.9;
const P99_TARGET = 1.2;
const n = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width);
const flag = (ok: boolean) => (ok ? 'within' : 'OVER');

export function printComparison(rows: Row[]): void {
  console.log(
    `\n${'scenario'.padEnd(38)}${'cache'.padEnd(6)}${'req/s F'.padStart(9)}${'req/s B'.padStart(9)}${'F÷B'.padStart(6)}`,
    `${'p50 F'.padStart(6)}${'p50 B'.padStart(6)}${'p99 F'.padStart(7)}${'p99 B'.padStart(7)}${'F÷B'.padStart(6)}`,
    `${'err F/B'.padStart(8)}  verdict (req/s ≥ ${RPS_TARGET}, p99 ≤ ${P99_TARGET})`,
  );
  for (const { scenario, cache, funil, baseline, rpsRatio: rps, p99Ratio: p99 } of rows) {
    console.log(
      `${scenario.padEnd(38)}${cache.padEnd(6)}${n(funil.rps, 9)}${n(baseline.rps, 9)}${n(rps, 6, 2)}`,
      `${n(funil.p50, 6)}${n(baseline.p50, 6)}${n(funil.p99, 7)}${n(baseline.p99, 7)}${n(p99, 6, 2)}`,
      `${`${funil.errors}/${baseline.errors}`.padStart(8)}  req/s ${flag(rps >= RPS_TARGET)}, p99 ${flag(p99 <= P99_TARGET)}`,
    );
  }
}

/** What the session cache saves: req/s with it off ÷ on, for Funil and for the baseline. */
export function printSessionCost(on: Row[], off: Row[]): void {
  console.log(
    `\nsession check: req/s with the cache off ÷ on (1.00 = free)\n${'scenario'.padEnd(38)}${'Funil'.padStart(8)}${'baseline'.padStart(10)}`,
  );
  for (const row of off) {
    const cached = on.find((candidate) => candidate.key === row.key);
    if (!cached) continue;
    console.log(
      `${row.scenario.padEnd(38)}${n(row.funil.rps / cached.funil.rps, 8, 2)}${n(row.baseline.rps / cached.baseline.rps, 10, 2)}`,
    );
  }
}

/** p99 of each list, board and summary route at the small size and the large one. */
export function printSizes(small: Row[], large: Row[], smallLeads: number, largeLeads: number): void {
  console.log(
    `\nFunil p99 by size (target ≤ 1.5)\n${'scenario'.padEnd(38)}${`${smallLeads.toLocaleString('en')}`.padStart(10)}${`${largeLeads.toLocaleString('en')}`.padStart(11)}${'ratio'.padStart(7)}`,
  );
  for (const row of large) {
    const other = small.find((candidate) => candidate.key === row.key);
    if (!other) continue;
    const ratio = row.funil.p99 / Math.max(other.funil.p99, 1);
    console.log(
      `${row.scenario.padEnd(38)}${n(other.funil.p99, 10)}${n(row.funil.p99, 11)}${n(ratio, 7, 2)}  ${flag(ratio <= 1.5)}`,
    );
  }
}

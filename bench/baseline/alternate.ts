// Funil and the baseline measured in turns — F B F B F B — so that both meet the same moments of
// a noisy machine, and the ratio is taken round by round: its median is the comparison's figure.
// A warm-up turn on each side comes first, unmeasured: whichever side went first would otherwise
// pay alone for compiling its code for the scenario and for the database's first touches of what
// it writes (a create's first round read ~0.7 × its later ones).
import type { Measure } from './measure';

export type Alternated = {
  /** Each side's median over the rounds (req/s, p50, p99 each their own median; errors summed). */
  funil: Measure;
  baseline: Measure;
  /** Median over the rounds of Funil's req/s ÷ the baseline's, and of Funil's p99 ÷ the baseline's. */
  rpsRatio: number;
  p99Ratio: number;
  rounds: { funil: Measure; baseline: Measure }[];
};

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const medianMeasure = (measures: Measure[]): Measure => ({
  rps: median(measures.map((one) => one.rps)),
  p50: median(measures.map((one) => one.p50)),
  p99: median(measures.map((one) => one.p99)),
  errors: measures.reduce((sum, one) => sum + one.errors, 0),
});

export async function alternate(
  rounds: number,
  /** Each side measured for the given seconds, or the bench's own when none is given. */
  sides: { funil: (seconds?: number) => Promise<Measure>; baseline: (seconds?: number) => Promise<Measure> },
  warmUpSeconds = 0,
): Promise<Alternated> {
  if (warmUpSeconds > 0) {
    await sides.funil(warmUpSeconds);
    await sides.baseline(warmUpSeconds);
  }
  const measured: Alternated['rounds'] = [];
  for (let round = 0; round < rounds; round += 1) {
    const funil = await sides.funil();
    const baseline = await sides.baseline();
    measured.push({ funil, baseline });
  }
  return {
    funil: medianMeasure(measured.map((round) => round.funil)),
    baseline: medianMeasure(measured.map((round) => round.baseline)),
    rpsRatio: median(measured.map((round) => round.funil.rps / round.baseline.rps)),
    p99Ratio: median(measured.map((round) => round.funil.p99 / Math.max(round.baseline.p99, 1))),
    rounds: measured,
  };
}

import autocannon from 'autocannon';
import { benchSettings } from './settings';

/** A GET measured under load: its path, its p99 budget if it has one, and whose token it sends. */
export type LoadScenario = { name: string; path: string; budgetMs?: number; token?: string };

export type LoadResult = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The scenario's p99 budget, when it has one. */
  budgetMs?: number;
};

/**
 * Each scenario in turn with autocannon (`benchSettings`' connections and seconds), as the
 * scenario's own token or `token`; prints one line each, its verdict beside its budget.
 */
export async function measureLoad(
  baseUrl: string,
  scenarios: LoadScenario[],
  token?: string,
): Promise<LoadResult[]> {
  const { connections, seconds } = benchSettings;
  console.log(`\nAPI under load: ${connections} connections, ${seconds} s per scenario\n`);
  console.log(
    'scenario'.padEnd(34),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(8),
    '  budget',
  );
  const results: LoadResult[] = [];
  for (const scenario of scenarios) {
    const result = await autocannon({
      url: baseUrl + scenario.path,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${scenario.token ?? token ?? ''}` },
    });
    const measured = {
      name: scenario.name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      ...(scenario.budgetMs === undefined ? {} : { budgetMs: scenario.budgetMs }),
    };
    results.push(measured);
    const budgetMs = scenario.budgetMs;
    const verdict =
      budgetMs === undefined ? '' : measured.p99 <= budgetMs ? `p99 ≤ ${budgetMs}` : `OVER ${budgetMs} ms`;
    console.log(
      scenario.name.padEnd(34),
      String(measured.rps).padStart(8),
      String(measured.p50).padStart(8),
      String(measured.p99).padStart(8),
      String(measured.errors).padStart(8),
      ` ${verdict}`,
    );
  }
  return results;
}

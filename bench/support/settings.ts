/** The benchmarks' knobs, read once from the environment (bench/README.md, Running them). */
export const numberFrom = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
};

export const benchSettings = {
  /** The PostgreSQL database the pipeline benchmarks fill and measure; unset: they are skipped. */
  databaseUrl: process.env.BENCH_DATABASE_URL ?? '',
  leads: numberFrom('BENCH_LEADS', 1_000_000),
  brands: numberFrom('BENCH_BRANDS', 20_000),
  seconds: numberFrom('BENCH_SECONDS', 10),
  connections: numberFrom('BENCH_CONNECTIONS', 10),
  /** How many times the baseline comparison measures each scenario on each server, alternating. */
  rounds: numberFrom('BENCH_ROUNDS', 3),
  /** The baseline comparison's scenarios by key (`lead,page,create`…); empty: every one. */
  baselineScenarios: (process.env.BENCH_BASELINE_SCENARIOS ?? '').split(',').filter(Boolean),
  /** Whether the baseline comparison also measures with the session cache off (`0`: it does not). */
  baselineCacheOff: process.env.BENCH_BASELINE_CACHE_OFF !== '0',
};

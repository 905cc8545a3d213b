import pg from 'pg';
import { benchSettings } from './settings';

/** BENCH_DATABASE_URL, or a clear exit: the pipeline benchmarks need PostgreSQL. */
export function requireBenchDatabaseUrl(): string {
  if (benchSettings.databaseUrl) return benchSettings.databaseUrl;
  console.error(
    'BENCH_DATABASE_URL is not set: the pipeline benchmarks run on a PostgreSQL database of their own\n' +
      '(createdb funil_bench; BENCH_DATABASE_URL=postgres://…/funil_bench). See bench/README.md.',
  );
  process.exit(2);
}

/** One client on the bench database for `work`, closed afterwards. */
export async function withBenchClient<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function countLeads(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: string }>('select count(*) as n from leads');
  return Number(rows[0]?.n ?? 0);
}

// `npm run bench:generate -w bench`: prepares BENCH_DATABASE_URL for the pipeline benchmarks. The
// built server starts on it once (so its migrations run), the bench account is registered (the
// first account: administrator) and a few catalogue items are created through the API, as a team
// would; then lead-generator.ts writes BENCH_BRANDS brands and BENCH_LEADS leads set-based. A
// database that already holds leads is left as it is (drop and create it again to change the size).
import { generateLeads } from './lead-generator';
import { prepareAccountAndCatalogue } from './support/bench-catalogue';
import { countLeads, requireBenchDatabaseUrl, withBenchClient } from './support/bench-database';
import { startBenchServer } from './support/bench-server';
import { benchSettings } from './support/settings';

async function prepareThroughApi(databaseUrl: string): Promise<void> {
  const server = await startBenchServer(databaseUrl);
  try {
    await prepareAccountAndCatalogue(server.baseUrl);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const databaseUrl = requireBenchDatabaseUrl();
  const { brands, leads } = benchSettings;
  await prepareThroughApi(databaseUrl);
  await withBenchClient(databaseUrl, async (client) => {
    const existing = await countLeads(client);
    if (existing > 0) {
      console.log(
        `The bench database already holds ${existing.toLocaleString('en')} leads: generation skipped ` +
          '(drop and create the database to change its size).',
      );
      return;
    }
    console.log(
      `Generating ${brands.toLocaleString('en')} brands and ${leads.toLocaleString('en')} leads (set-based SQL)`,
    );
    await generateLeads(client, { brands, leads });
  });
}

await main();

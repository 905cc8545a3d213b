// Funil against the baseline server (bench/baseline/, the limit a server running the same SQL can
// reach) on BENCH_DATABASE_URL: every scenario on both, side by side, with the session cache on and
// off, and the ratios Funil must keep (req/s ≥ 0.9 × the baseline's, p99 ≤ 1.2 ×). With
// BENCH_SMALL_DATABASE_URL (a database generated with BENCH_LEADS=10000) the same at the small
// size, and each list route's p99 ratio.
// A script, not a test: targets are flagged, never enforced. Run `npm run build` first.
import { execSync } from 'node:child_process';
import { benchSettings } from './support/settings';
import { compareWithBaseline, FUNIL_LOG_LEVEL } from './baseline/compare';
import { printComparison, printSessionCost, printSizes } from './baseline/table';
import { writeResults } from './support/results';

async function main(): Promise<void> {
  if (!benchSettings.databaseUrl) {
    console.log('\nbaseline comparison skipped: set BENCH_DATABASE_URL to a filled PostgreSQL database');
    return;
  }
  const smallUrl = process.env.BENCH_SMALL_DATABASE_URL ?? '';
  const { connections, seconds, rounds } = benchSettings;
  const logs = `Funil LOG_LEVEL=${FUNIL_LOG_LEVEL} (a line per request), the baseline logs nothing`;
  console.log(
    `\nFunil (F) against the baseline (B): ${connections} connections, ${seconds} s per scenario and server,` +
      ` ${rounds} rounds alternated (F B F B …; medians, the ratios round by round); ${logs}`,
  );
  const large = await compareWithBaseline(benchSettings.databaseUrl, { withCacheOff: true, label: 'large' });
  console.log(`\n${large.leads.toLocaleString('en')} leads; answers, Funil vs baseline:`);
  for (const { scenario, verdict } of large.bytes) console.log(`  ${scenario.padEnd(38)}${verdict}`);
  printComparison([...large.on, ...large.off]);
  printSessionCost(large.on, large.off);
  writeResults('baseline', {
    connections,
    seconds,
    rounds,
    logs,
    leads: large.leads,
    bytes: large.bytes,
    on: large.on,
    off: large.off,
  });
  if (smallUrl) {
    const small = await compareWithBaseline(smallUrl, { withCacheOff: false, label: 'small' });
    writeResults('baseline-small', { connections, seconds, rounds, leads: small.leads, on: small.on });
    console.log(`\n${small.leads.toLocaleString('en')} leads:`);
    printComparison(small.on);
    printSizes(
      small.on.filter((row) => ['page', 'column', 'summary', 'brands'].includes(row.key)),
      large.on,
      small.leads,
      large.leads,
    );
  } else {
    console.log(
      '\n(sizes skipped: set BENCH_SMALL_DATABASE_URL to a database generated with BENCH_LEADS=10000)',
    );
  }
  console.log(`\nload average: ${execSync('uptime').toString().trim()}`);
}

await main();

// A step of `npm run bench`: the pipeline benchmarks need a PostgreSQL database of their own, so
// they run only when BENCH_DATABASE_URL names one (bench/README.md, Running them).
import { spawnSync } from 'node:child_process';

if (!process.env.BENCH_DATABASE_URL) {
  console.log('\npipeline benchmarks skipped: set BENCH_DATABASE_URL to a PostgreSQL database of their own');
} else {
  const result = spawnSync('npm', ['run', 'bench:pipeline'], { cwd: import.meta.dirname, stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
}

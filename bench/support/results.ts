import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where each benchmark leaves its figures (gitignored) for `summary.ts`'s one table. */
export const resultsDir = resolve(import.meta.dirname, '../results');

const fileOf = (name: string) => join(resultsDir, `${name}.json`);

/** Writes a benchmark's figures as results/<name>.json, stamped with the time and the load average. */
export function writeResults(name: string, figures: object): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(fileOf(name), `${JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2)}\n`);
}

/** A benchmark's figures from this run or an earlier one, or undefined when it has not run. */
export function readResults<T>(name: string): (T & { at: string }) | undefined {
  const file = fileOf(name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T & { at: string }) : undefined;
}

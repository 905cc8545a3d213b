// One comparison on one database: Funil's statements captured (the baseline replays them for the
// reads it has no SQL of its own for), Funil and the baseline started side
// by side with the same JWT secret, answers compared byte for byte (a difference stops the run),
// then every scenario under load on each, alternating Funil and the baseline round after round,
// with the session cache on and then off. What the run wrote is put back at the end.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { signInBench } from '../support/bench-account';
import { countLeads, withBenchClient } from '../support/bench-database';
import { startBenchServer } from '../support/bench-server';
import { startBaselineServer } from './baseline-process';
import { leadStates, putBack } from './bench-data';
import { compareAnswers } from './byte-check';
import { captureRecipes } from './capture';
import { alternate } from './alternate';
import { measure } from './measure';
import { writeRecipes } from './recipes-file';
import { baselineScenarios, type Scenario } from './scenarios';
import type { Row } from './table';
import { benchSettings } from '../support/settings';

/** Funil logs as in production: one line per request at info (to /dev/null here); the baseline logs nothing. */
export const FUNIL_LOG_LEVEL = 'info';

export type Comparison = {
  leads: number;
  on: Row[];
  off: Row[];
  bytes: { scenario: string; verdict: string }[];
};

const resultsDir = resolve(import.meta.dirname, '../results');

async function loadPhase(
  databaseUrl: string,
  recipesFile: string,
  jwtSecret: string,
  cacheSeconds: number,
  scenarios: Scenario[],
  checkBytes: boolean,
): Promise<{ rows: Row[]; bytes: Comparison['bytes'] }> {
  const env = {
    JWT_SECRET: jwtSecret,
    SESSION_CACHE_SECONDS: String(cacheSeconds),
    LOG_LEVEL: FUNIL_LOG_LEVEL,
  };
  const funil = await startBenchServer(databaseUrl, env, 'discarded');
  try {
    const baseline = await startBaselineServer({
      databaseUrl,
      recipesFile,
      jwtSecret,
      sessionCacheSeconds: cacheSeconds,
    });
    try {
      const { token } = await signInBench(funil.baseUrl);
      const bytes = [];
      if (checkBytes) {
        for (const scenario of scenarios)
          bytes.push(await compareAnswers(funil.baseUrl, baseline.baseUrl, scenario, token));
        const different = bytes.filter((check) => !check.equal);
        if (different.length > 0) {
          // Measuring two servers that do not answer the same would compare nothing.
          throw new Error(
            `the baseline does not answer as Funil does:\n${different.map((check) => `  ${check.scenario}: ${check.verdict}`).join('\n')}`,
          );
        }
      }
      const rows: Row[] = [];
      const cache = cacheSeconds > 0 ? 'on' : 'off';
      for (const scenario of scenarios) {
        const result = await alternate(
          benchSettings.rounds,
          {
            funil: (seconds) => measure(funil.baseUrl, scenario, token, undefined, seconds),
            baseline: (seconds) => measure(baseline.baseUrl, scenario, token, undefined, seconds),
          },
          Math.min(3, benchSettings.seconds),
        );
        rows.push({ key: scenario.key, scenario: scenario.name, cache, ...result });
      }
      return { rows, bytes };
    } finally {
      await baseline.stop();
    }
  } finally {
    await funil.stop();
  }
}

export async function compareWithBaseline(
  databaseUrl: string,
  options: { withCacheOff: boolean; label: string },
): Promise<Comparison> {
  const leads = await withBenchClient(databaseUrl, countLeads);
  const jwtSecret = randomBytes(32).toString('base64url');
  const env = { JWT_SECRET: jwtSecret };
  const probe = await startBenchServer(databaseUrl, env);
  let scenarios: Scenario[];
  try {
    const all = await baselineScenarios(probe.baseUrl, await signInBench(probe.baseUrl), { withMove: true });
    const chosen = benchSettings.baselineScenarios;
    scenarios = chosen.length ? all.filter((scenario) => chosen.includes(scenario.key)) : all;
  } finally {
    await probe.stop();
  }
  // The leads the update and the move write, to be put back as they were.
  const writtenLeads = scenarios
    .filter((scenario) => scenario.key === 'update' || scenario.key === 'move')
    .map((scenario) => scenario.path.split('/').at(-1) ?? '');
  const before = await leadStates(databaseUrl, [...new Set(writtenLeads)]);
  try {
    mkdirSync(resultsDir, { recursive: true });
    const recipesFile = join(resultsDir, `baseline-recipes-${options.label}.json`);
    writeRecipes(recipesFile, await captureRecipes(databaseUrl, env, scenarios));
    const on = await loadPhase(databaseUrl, recipesFile, jwtSecret, 30, scenarios, true);
    // Login checks no token: the cache changes nothing there.
    const authenticated = scenarios.filter((scenario) => scenario.authenticated);
    const off =
      options.withCacheOff && benchSettings.baselineCacheOff
        ? await loadPhase(databaseUrl, recipesFile, jwtSecret, 0, authenticated, false)
        : { rows: [] };
    return { leads, on: on.rows, off: off.rows, bytes: on.bytes };
  } finally {
    console.log(await putBack(databaseUrl, before));
  }
}

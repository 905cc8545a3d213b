import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { type Config, loadConfig } from './config';

/**
 * The configuration of a process started from a terminal (the server, the CLI scripts): the
 * environment, filled in by a `.env` file where the command was typed. npm -w runs scripts inside
 * apps/api; INIT_CWD is where the user typed the command (the repo root for `npm run dev`,
 * `seed:demo`, `user:create`), so `.env` and a relative DATA_DIR mean the same as for `npm start`.
 * Throws ConfigError on a bad value.
 */
export function loadConfigFromEnvironment(): Config {
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const envFile = resolve(cwd, '.env');
  if (existsSync(envFile)) loadDotenv({ path: envFile, override: false, quiet: true });
  return loadConfig(process.env, cwd);
}

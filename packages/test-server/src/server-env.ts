export type FunilServerSettings = {
  port: number | string;
  dataDir: string;
  /** PostgreSQL to run on; unset or empty: the embedded database in dataDir. */
  databaseUrl?: string;
  logLevel?: string;
};

/**
 * The environment a test or benchmark server runs with (README, Configuration): loopback only,
 * its own data folder, links in emails pointing at itself, and quiet logs. `DATABASE_URL` is
 * always set, empty for the embedded database, so a value in the caller's shell or .env cannot
 * point a throwaway server at a real database; the AI provider and the S3 bucket for pictures are
 * blanked for the same reason (a test that wants one starts a fake and sets it after these).
 */
export function funilServerEnv({
  port,
  dataDir,
  databaseUrl = '',
  logLevel = 'warn',
}: FunilServerSettings): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: logLevel,
    DATABASE_URL: databaseUrl,
    AI_PROVIDER: '',
    GEMINI_API_KEY: '',
    OPENAI_API_KEY: '',
    // Every S3 setting, not only the bucket: one left without S3_BUCKET is refused at start.
    S3_BUCKET: '',
    S3_ENDPOINT: '',
    S3_REGION: '',
    S3_ACCESS_KEY_ID: '',
    S3_SECRET_ACCESS_KEY: '',
    S3_FORCE_PATH_STYLE: '',
  };
}

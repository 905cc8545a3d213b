import pg from 'pg';

/** `url` with its database replaced by `database` (same server, same credentials). */
export const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** Runs statements on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createDatabase(url: string, name: string, template?: string): Promise<string> {
  const source = template ? ` TEMPLATE "${template}"` : '';
  // Two files cloning the same template at the same instant can collide ("source database is
  // being accessed by other users"); a short retry absorbs it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(url, `CREATE DATABASE "${name}"${source}`);
      return withDatabase(url, name);
    } catch (error) {
      const isBusy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!isBusy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export const dropDatabase = (url: string, name: string): Promise<void> =>
  adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);

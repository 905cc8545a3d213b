import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings } from '../../db/schema';

/** The app_settings row holding the generated key. */
export const JWT_KEY_SETTING = 'jwt_key';
/** Where versions before the key moved to the database kept it, under DATA_DIR. */
export const LEGACY_JWT_SECRET_FILE = 'jwt-secret';

const encode = (secret: string) => new TextEncoder().encode(secret);

async function readStoredKey(db: Database): Promise<string | undefined> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.name, JWT_KEY_SETTING));
  return row?.value;
}

function readLegacySecret(dataDir: string): string | undefined {
  try {
    const secret = readFileSync(join(dataDir, LEGACY_JWT_SECRET_FILE), 'utf8').trim();
    return secret === '' ? undefined : secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The HS256 key. JWT_SECRET when set; otherwise one random secret kept in the database
 * (`app_settings`), so every process on that database signs and accepts the same tokens whatever
 * its DATA_DIR, and sign-ins survive a restart.
 *
 * The first start with no key in the database adopts DATA_DIR/jwt-secret when there is one (what
 * earlier versions generated), so an upgrade keeps everyone signed in; otherwise it generates one.
 * The file is left where it is: it holds the same key, and a rollback to a version that reads it
 * keeps its sign-ins too. Nothing reads it once the database has a key.
 *
 * Processes starting together each offer their candidate with "on conflict do nothing" and then
 * all read back the one that won.
 */
export async function loadJwtKey(
  db: Database,
  options: { jwtSecret: string | undefined; dataDir: string },
): Promise<Uint8Array> {
  if (options.jwtSecret) return encode(options.jwtSecret);
  const stored = await readStoredKey(db);
  if (stored !== undefined) return encode(stored);
  const candidate = readLegacySecret(options.dataDir) ?? randomBytes(48).toString('base64url');
  await db
    .insert(appSettings)
    .values({ name: JWT_KEY_SETTING, value: candidate })
    .onConflictDoNothing({ target: appSettings.name });
  const winner = await readStoredKey(db);
  if (winner === undefined) throw new Error('The generated JWT key was not stored in app_settings');
  return encode(winner);
}

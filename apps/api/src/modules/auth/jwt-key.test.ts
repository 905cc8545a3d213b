import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDb, tempDir } from '../../../test/build-test-app';
import { signIn } from '../../../test/sign-in';
import type { DbHandle } from '../../db/client';
import { appSettings } from '../../db/schema';
import { signAccessToken } from '../../lib/tokens';
import { JWT_KEY_SETTING, LEGACY_JWT_SECRET_FILE, loadJwtKey } from './jwt-key.service';

const decode = (key: Uint8Array) => new TextDecoder().decode(key);

describe('the JWT key', () => {
  const handles: DbHandle[] = [];
  const openDb = async () => {
    const handle = await createTestDb();
    handles.push(handle);
    return handle;
  };
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.close();
  });

  const storedKeys = async (handle: DbHandle) =>
    (
      await handle.db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.name, JWT_KEY_SETTING))
    ).map((row) => row.value);

  it('is JWT_SECRET when set, and nothing is stored', async () => {
    const handle = await openDb();
    const key = await loadJwtKey(handle.db, { jwtSecret: 's'.repeat(32), dataDir: tempDir() });
    expect(decode(key)).toBe('s'.repeat(32));
    expect(await storedKeys(handle)).toEqual([]);
  });

  it('otherwise is generated once into the database and reused, whatever the DATA_DIR', async () => {
    const handle = await openDb();
    const dataDir = tempDir();
    const first = await loadJwtKey(handle.db, { jwtSecret: undefined, dataDir });
    const second = await loadJwtKey(handle.db, { jwtSecret: undefined, dataDir: tempDir() });
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(second).toEqual(first);
    expect(await storedKeys(handle)).toEqual([decode(first)]);
    expect(existsSync(join(dataDir, LEGACY_JWT_SECRET_FILE))).toBe(false);
  });

  it('is the same for processes starting together', async () => {
    const handle = await openDb();
    const parent = tempDir();
    const keys = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        loadJwtKey(handle.db, { jwtSecret: undefined, dataDir: join(parent, `process-${index}`) }),
      ),
    );
    expect(new Set(keys.map(decode)).size).toBe(1);
    expect(await storedKeys(handle)).toEqual([decode(keys[0]!)]);
  });

  it('adopts DATA_DIR/jwt-secret of an earlier version when the database has no key, and leaves the file', async () => {
    const handle = await openDb();
    const dataDir = tempDir();
    const file = join(dataDir, LEGACY_JWT_SECRET_FILE);
    writeFileSync(file, 'secret-generated-by-an-earlier-version-0123456789\n', { mode: 0o600 });
    const key = await loadJwtKey(handle.db, { jwtSecret: undefined, dataDir });
    expect(decode(key)).toBe('secret-generated-by-an-earlier-version-0123456789');
    expect(await storedKeys(handle)).toEqual(['secret-generated-by-an-earlier-version-0123456789']);
    expect(readFileSync(file, 'utf8')).toBe('secret-generated-by-an-earlier-version-0123456789\n');
  });

  it('keeps the database key over a DATA_DIR/jwt-secret once it has one', async () => {
    const handle = await openDb();
    const stored = decode(await loadJwtKey(handle.db, { jwtSecret: undefined, dataDir: tempDir() }));
    const dataDir = tempDir();
    writeFileSync(join(dataDir, LEGACY_JWT_SECRET_FILE), 'another-installation-secret-0123456789\n');
    expect(decode(await loadJwtKey(handle.db, { jwtSecret: undefined, dataDir }))).toBe(stored);
  });

  it('keeps users of an upgraded installation signed in: tokens signed with the file secret still work', async () => {
    const dataDir = tempDir();
    const legacySecret = 'secret-generated-by-an-earlier-version-9876543210';
    writeFileSync(join(dataDir, LEGACY_JWT_SECRET_FILE), `${legacySecret}\n`, { mode: 0o600 });
    const app = await buildTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const caller = await signIn(app);
      // What the earlier version would have handed out for this session.
      const earlierToken = await signAccessToken(
        new TextEncoder().encode(legacySecret),
        { userId: caller.user.id, sessionId: caller.sessionId },
        new Date(Date.now() + 60_000),
      );
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${earlierToken}` },
      });
      expect(me.statusCode).toBe(200);
      expect(caller.token).not.toBe(earlierToken);
    } finally {
      await app.close();
    }
  });
});

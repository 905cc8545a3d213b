import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
export const JWT_SECRET_FILE = 'jwt-secret';

/** What an access token names: a user (`sub`) and one row of the sessions table (`sid`). */
export type AccessTokenClaims = { userId: string; sessionId: string };
/** A verified token's claims and its expiry (epoch milliseconds). */
export type VerifiedAccessToken = AccessTokenClaims & { expiresAt: number };

/**
 * The HS256 key. JWT_SECRET when set; otherwise a random secret generated once into
 * DATA_DIR/jwt-secret (mode 600) and reused on every start, so sign-ins survive a restart.
 */
export function loadJwtKey(options: { jwtSecret: string | undefined; dataDir: string }): Uint8Array {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);
  const file = join(options.dataDir, JWT_SECRET_FILE);
  try {
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(options.dataDir, { recursive: true });
  // Written under a private name, then linked into place: link() fails if another process got
  // there first, so two processes starting together never end up with different secrets.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export async function signAccessToken(
  key: Uint8Array,
  claims: AccessTokenClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/** The claims of a valid, unexpired token signed with `key`; null for anything else. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<VerifiedAccessToken | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
    const { sub, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
    return { userId: sub, sessionId: sid, expiresAt: exp * 1000 };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

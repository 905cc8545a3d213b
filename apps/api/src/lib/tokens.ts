import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';

/** What an access token names: a user (`sub`) and one row of the sessions table (`sid`). */
export type AccessTokenClaims = { userId: string; sessionId: string };
/** A verified token's claims and its expiry (epoch milliseconds). */
export type VerifiedAccessToken = AccessTokenClaims & { expiresAt: number };

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

// The baseline's token check, as apps/api/src/plugins/auth.ts does it: HS256 with jose, then
// Funil's own session statement (sessions.service.ts findSessionUser, captured); optionally a
// plain Map of checked tokens for `cacheSeconds`, emptied by any `funil_auth` notification.
import { jwtVerify } from 'jose';
import pg from 'pg';
import type { CapturedStatement } from '../support/sql-capture';
import type { Row } from './answers';
import { replay, Substitution } from './replay';

export type SessionStatement = {
  statement: CapturedStatement;
  capturedAt: number;
  /** The captured request's session and user, to be replaced by this request's. */
  sessionId: string;
  userId: string;
};

export type CheckedUser = { id: string; row: Row };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export async function sessionChecker(options: {
  pool: pg.Pool;
  databaseUrl: string;
  jwtSecret: string;
  cacheSeconds: number;
  session: SessionStatement;
}): Promise<(header: string | undefined) => Promise<CheckedUser | null>> {
  const key = new TextEncoder().encode(options.jwtSecret);
  const cache = new Map<string, { user: CheckedUser; until: number }>();
  if (options.cacheSeconds > 0) {
    const listener = new pg.Client({ connectionString: options.databaseUrl });
    await listener.connect();
    listener.on('notification', () => cache.clear());
    await listener.query('listen funil_auth');
  }

  return async (header) => {
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    if (!token) return null;
    const cached = cache.get(token);
    if (cached && cached.until > Date.now()) return cached.user;
    let claims: { sub?: unknown; sid?: unknown; exp?: unknown };
    try {
      claims = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload;
    } catch {
      return null;
    }
    const { sub, sid, exp } = claims;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
    if (!UUID.test(sub) || !UUID.test(sid)) return null;
    const substitution = new Substitution(options.session.capturedAt);
    substitution.values.set(options.session.sessionId, sid).set(options.session.userId, sub);
    const [rows] = await replay(options.pool, [options.session.statement], substitution);
    const row = rows?.[0];
    // userRecordColumns: id, email, name, roles, is_active, …
    if (!row || row[4] !== true) return null;
    const user = { id: sub, row };
    if (options.cacheSeconds > 0) {
      cache.set(token, { user, until: Math.min(Date.now() + options.cacheSeconds * 1000, exp * 1000) });
    }
    return user;
  };
}

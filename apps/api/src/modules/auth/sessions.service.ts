import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { toUserRecord, type UserRecord, userRecordColumns } from '../users/user-record';

// Ids come from signed tokens, but a malformed one must read as "no session", never as a SQL error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SessionMeta = { userAgent?: string | null; ip?: string | null };

/** Opens a session row for `userId`, valid for `ttlHours`. */
export async function createSession(
  db: Database,
  userId: string,
  ttlHours: number,
  meta: SessionMeta = {},
): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt, userAgent: meta.userAgent ?? null, ip: meta.ip ?? null })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  if (!row) throw new Error('session insert returned no row');
  return row;
}

/** Ends one session at once (logout). Revoking twice is harmless. */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of a user (password reset, deactivation). */
export async function revokeUserSessions(db: Database, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * The user of a session that is open (not revoked, not expired) and belongs to `userId`; null
 * otherwise. Whether the user is active is left to the caller.
 */
export async function findSessionUser(
  db: Database,
  sessionId: string,
  userId: string,
): Promise<UserRecord | null> {
  if (!UUID.test(sessionId) || !UUID.test(userId)) return null;
  const [row] = await db
    .select(userRecordColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ? toUserRecord(row) : null;
}

import { LOGIN_LOCKOUT_MS } from '@funil/shared';
import { isNotNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginAttempts, passwordResets, sessions } from '../../db/schema';

export type PurgeCounts = { sessions: number; passwordResets: number; loginAttempts: number };

/**
 * Deletes what can never count again: sessions that expired or were revoked (their tokens are
 * refused either way: a token whose row is gone is as dead as a revoked one), spent or expired
 * reset links, and failed sign-ins older than the lockout window. Safe to run from several
 * processes at once.
 */
export async function purgeStaleAuthRecords(db: Database, now = new Date()): Promise<PurgeCounts> {
  const deletedSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const deletedResets = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  const deletedAttempts = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - LOGIN_LOCKOUT_MS)))
    .returning({ id: loginAttempts.id });
  return {
    sessions: deletedSessions.length,
    passwordResets: deletedResets.length,
    loginAttempts: deletedAttempts.length,
  };
}

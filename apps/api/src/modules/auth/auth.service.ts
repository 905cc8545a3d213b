import { createHash, randomBytes } from 'node:crypto';
import {
  hasPermission,
  LOGIN_LOCKOUT_MS,
  LOGIN_MAX_ATTEMPTS,
  type RegisterData,
  type Role,
} from '@funil/shared';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginAttempts, passwordResets, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { UserRecord } from '../users/user-record';
import { findUserByEmail, findUserCredentials, hasUsers, insertUser } from '../users/users.service';
import { decideRegistration, type RegistrationRules } from './registration-rules';

// Serialises account creation, so two sign-ups on a new installation cannot both become admin.
const REGISTRATION_LOCK = sql`select pg_advisory_xact_lock(842713301)`;

/**
 * Creates a self-registered (or Google) account under the registration rules
 * (registration-rules.ts), or with the roles a signed-in admin chose.
 */
export async function registerUser(
  db: Database,
  rules: RegistrationRules,
  account: { name: string; email: string; passwordHash: string | null; avatarUrl?: string | null },
  rolesChosenByAdmin?: Role[],
): Promise<UserRecord> {
  return db.transaction(async (tx) => {
    await tx.execute(REGISTRATION_LOCK);
    const roles = decideRegistration(rules, {
      isFirstAccount: !(await hasUsers(tx)),
      email: account.email,
      rolesChosenByAdmin,
    });
    if (!roles) throw new AppError(403, 'errors:auth.registration_disabled');
    if (await findUserByEmail(tx, account.email)) throw new AppError(409, 'errors:auth.email_taken');
    return insertUser(tx, { ...account, roles });
  });
}

export async function register(
  db: Database,
  rules: RegistrationRules,
  data: RegisterData,
  caller: UserRecord | null,
): Promise<UserRecord> {
  if (data.roles && !hasPermission(caller?.roles, 'user.manage')) {
    throw new AppError(403, 'errors:access_denied');
  }
  return registerUser(
    db,
    rules,
    { name: data.name, email: data.email, passwordHash: await hashPassword(data.password) },
    data.roles,
  );
}

// Unknown emails are verified against this hash, so they cost the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Makes the dummy hash ahead of the first sign-in (the auth routes call it when they start), so
 * that not even the first unknown email after a start takes longer than a wrong password.
 */
export async function prepareLogin(): Promise<void> {
  await getDummyHash();
}

/**
 * Seconds until `email` may try again, or 0. Failures are rows in login_attempts, so the count
 * is shared by every process on the database.
 */
async function lockoutSeconds(db: Database, email: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_LOCKOUT_MS);
  const recent = await db
    .select({ at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), gt(loginAttempts.attemptedAt, windowStart)))
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(LOGIN_MAX_ATTEMPTS);
  if (recent.length < LOGIN_MAX_ATTEMPTS) return 0;
  // Locked until the oldest of the last five failures leaves the window.
  const oldest = recent[recent.length - 1]?.at ?? now;
  return Math.max(1, Math.ceil((oldest.getTime() + LOGIN_LOCKOUT_MS - now.getTime()) / 1000));
}

export async function login(db: Database, email: string, password: string): Promise<UserRecord> {
  const now = new Date();
  const retryAfter = await lockoutSeconds(db, email, now);
  if (retryAfter > 0) {
    throw new AppError(429, 'errors:auth.too_many_attempts', {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
  const credentials = await findUserCredentials(db, email);
  const passwordHash = credentials?.passwordHash;
  const isValid = await verifyPassword(passwordHash ?? (await getDummyHash()), password);
  if (!credentials || !passwordHash || !isValid) {
    await db.insert(loginAttempts).values({ email, attemptedAt: now });
    // Housekeeping: failures older than the window no longer count.
    await db
      .delete(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, email),
          lt(loginAttempts.attemptedAt, new Date(now.getTime() - LOGIN_LOCKOUT_MS)),
        ),
      );
    throw new AppError(401, 'errors:auth.invalid_credentials');
  }
  if (!credentials.user.isActive) throw new AppError(403, 'errors:auth.user_inactive');
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
  return credentials.user;
}

/** How long an emailed reset link works, from the moment its email is sent. */
export const RESET_TTL_MS = 30 * 60_000;
/**
 * How long a reset request stays owed while its email cannot be sent (the mail server away): a
 * week, longer than any outage the email should outlive; past it the request is spent.
 */
export const RESET_OWED_MS = 7 * 24 * 60 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * For an active user, a reset request whose email is still owed: the row exists, but no token
 * does yet (its `token_hash` is a placeholder that no token hashes to), so nothing usable waits in
 * the database for the mail server. Null for an unknown or inactive email (the route answers the
 * same either way). Written in the caller's transaction, with the job that will email it.
 */
export async function createPasswordReset(db: Database, email: string): Promise<{ id: string } | null> {
  const user = await findUserByEmail(db, email);
  if (!user?.isActive) return null;
  const [reset] = await db
    .insert(passwordResets)
    .values({
      tokenHash: `unsent:${randomBytes(16).toString('hex')}`,
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_OWED_MS),
    })
    .returning({ id: passwordResets.id });
  return reset ?? null;
}

/**
 * Mints the token of a reset request as its email is about to leave: 32 random bytes
 * (base64url), of which only the SHA-256 is stored, valid for RESET_TTL_MS from `now`. A token
 * minted before for the same request (an email that failed) stops working. Null when nothing is
 * owed any more: the request was spent (its user reset the password meanwhile) or dropped, or
 * the user was deactivated.
 */
export async function mintPasswordResetToken(
  db: Database,
  resetId: string,
  now: Date,
): Promise<{ token: string; name: string; email: string } | null> {
  const token = randomBytes(32).toString('base64url');
  const [minted] = await db
    .update(passwordResets)
    .set({ tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_TTL_MS) })
    .from(users)
    .where(
      and(
        eq(passwordResets.id, resetId),
        eq(users.id, passwordResets.userId),
        eq(users.isActive, true),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ name: users.name, email: users.email });
  return minted ? { token, ...minted } : null;
}

/**
 * Spends a reset token: sets the password and ends every session of the user, in one transaction.
 * Unknown, used or expired tokens (or a user deactivated since) are 400 "Link inválido ou expirado".
 * Returns the user's id.
 */
export async function confirmPasswordReset(db: Database, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const now = new Date();
    // The update is the check: only one request can flip used_at from null.
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) throw new AppError(400, 'errors:auth.reset_invalid');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, reset.userId), eq(users.isActive, true)))
      .returning({ id: users.id });
    if (!user) throw new AppError(400, 'errors:auth.reset_invalid');
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    // Any other link still pending for this user is spent too: the password it would reset is gone.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    return user.id;
  });
}

// One character of a person's name as the shared name rule allows it: a Latin letter or a space.
const PERSON_NAME_CHARACTER = /(?=\p{Script=Latin})\p{L}|\s/u;

function toPersonName(raw: string): string {
  const kept = Array.from(raw, (character) => (PERSON_NAME_CHARACTER.test(character) ? character : ' '));
  return kept.join('').replace(/\s+/g, ' ').trim().slice(0, 100).trim();
}

/**
 * A name for an account made from a Google identity — the token's name, else the email's local
 * part — shaped to the name rule (letters and spaces, 2 to 100), so the account can later be
 * edited without first having to fix a name the rule refuses ("Ana-Maria" → "Ana Maria").
 */
export function nameFromIdentity(identity: { email: string; name: string | null }): string {
  for (const candidate of [identity.name, identity.email.split('@')[0]]) {
    const name = candidate ? toPersonName(candidate) : '';
    if (name.length >= 2) return name;
  }
  return 'Usuário';
}

import { randomUUID } from 'node:crypto';
import type { Role } from '@funil/shared';
import type { App } from '../src/app';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { toUserRecord, type UserRecord, userRecordColumns } from '../src/modules/users/user-record';

export const TEST_PASSWORD = 'senha-de-teste-1';

export type SignInOptions = {
  roles?: Role[];
  email?: string;
  name?: string;
  isActive?: boolean;
  /** Stored as an argon2id hash, so the user can also sign in over HTTP. Default TEST_PASSWORD. */
  password?: string;
};

export type SignedIn = {
  token: string;
  sessionId: string;
  user: UserRecord;
  password: string;
  headers: { authorization: string };
};

/**
 * A user row plus an open session, made directly in the database (no HTTP round trip), for tests
 * that need a caller with given roles. Default: an active `["user"]` with a unique email.
 */
export async function signIn(app: App, options: SignInOptions = {}): Promise<SignedIn> {
  const password = options.password ?? TEST_PASSWORD;
  const [user] = await app.db
    .insert(users)
    .values({
      email: (options.email ?? `user-${randomUUID()}@example.com`).toLowerCase(),
      name: options.name ?? 'Usuário de Teste',
      passwordHash: await hashPassword(password),
      roles: options.roles ?? ['user'],
      isActive: options.isActive ?? true,
    })
    .returning(userRecordColumns);
  if (!user) throw new Error('user insert returned no row');
  const { token, sessionId } = await app.issueAccessToken(user.id);
  return {
    token,
    sessionId,
    user: toUserRecord(user),
    password,
    headers: { authorization: `Bearer ${token}` },
  };
}

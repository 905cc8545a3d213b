import {
  type Role,
  type UserCreateData,
  type UserListQuery,
  type UserResponse,
  type UserUpdateData,
} from '@funil/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { containsText } from '../../lib/like';
import { hashPassword } from '../../lib/password';
import { type AuthUser, authUserColumns } from '../auth/sessions.service';

/** The user object of every answer (API.md Auth): `_id` and `full_name` repeat `id` and `name`. */
export function toUserResponse(user: AuthUser): UserResponse {
  return {
    id: user.id,
    _id: user.id,
    name: user.name,
    full_name: user.name,
    email: user.email,
    avatar_url: user.avatarUrl,
    roles: user.roles,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

const asAuthUser = <T extends { roles: string[] }>(row: T) => ({ ...row, roles: row.roles as Role[] });

/** PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error || typeof current === 'object';) {
    if (!current) return false;
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type NewUser = {
  name: string;
  email: string;
  passwordHash: string | null;
  roles: Role[];
  isActive?: boolean;
  avatarUrl?: string | null;
};

/** Inserts a user; a taken email (also when two requests race) is 409 "Email já cadastrado". */
export async function insertUser(db: Database, values: NewUser): Promise<AuthUser> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...values, email: values.email.toLowerCase() })
      .returning(authUserColumns);
    if (!row) throw new Error('user insert returned no row');
    return asAuthUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'errors:auth.email_taken', { cause: error });
    throw error;
  }
}

export async function findUserByEmail(
  db: Database,
  email: string,
): Promise<(AuthUser & { passwordHash: string | null }) | null> {
  const [row] = await db
    .select({ ...authUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ? asAuthUser(row) : null;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}

export async function getUser(db: Database, id: string): Promise<AuthUser> {
  const [row] = await db.select(authUserColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError(404, 'errors:not_found.user');
  return asAuthUser(row);
}

const SORT_COLUMNS = {
  // Accent-insensitive, so "Álvaro" sorts with the As on both engines whatever their collation.
  name: sql`f_unaccent_lower(${users.name})`,
  email: users.email,
  createdAt: users.createdAt,
} as const;

/** GET /api/users. Without `page` and `limit`, every matching row on one page. */
export async function listUsers(db: Database, query: UserListQuery) {
  const filters: SQL[] = [];
  if (query.role) filters.push(sql`${query.role} = any(${users.roles})`);
  if (query.isActive !== undefined) filters.push(eq(users.isActive, query.isActive));
  if (query.search) {
    const search = query.search;
    filters.push(
      sql`(${containsText(users.name, search)} or ${containsText(users.email, search)} or ${containsText(
        sql`array_to_string(${users.roles}, ' ')`,
        search,
      )})`,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(users).where(where);
  const total = totalRow?.total ?? 0;

  const direction = query.order === 'desc' ? desc : asc;
  const ordered = db
    .select(authUserColumns)
    .from(users)
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort ?? 'name']), asc(users.id));
  const isPaged = query.page !== undefined || query.limit !== undefined;
  const page = query.page ?? 1;
  const limit = isPaged ? (query.limit ?? 20) : total;
  const rows = isPaged ? await ordered.limit(limit).offset((page - 1) * limit) : await ordered;
  return { data: rows.map((row) => toUserResponse(asAuthUser(row))), total, page, limit };
}

export async function createUser(db: Database, data: UserCreateData): Promise<AuthUser> {
  return insertUser(db, {
    name: data.name,
    email: data.email,
    passwordHash: await hashPassword(data.password),
    roles: data.roles,
    isActive: data.isActive,
  });
}

/**
 * PATCH /api/users/:id. In one transaction, with the active admins' rows locked, so two admins
 * demoting each other at the same moment cannot leave the installation without one. Deactivating
 * a user or setting a new password ends that user's sessions (except the caller's own current one).
 */
export async function updateUser(
  db: Database,
  id: string,
  data: UserUpdateData,
  actorSessionId: string | null,
): Promise<AuthUser> {
  const passwordHash = data.password === undefined ? undefined : await hashPassword(data.password);
  return db.transaction(async (tx) => {
    const activeAdmins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`'admin' = any(${users.roles})`, eq(users.isActive, true)))
      .for('update');
    const current = await getUser(tx as unknown as Database, id);
    const wasActiveAdmin = current.isActive && current.roles.includes('admin');
    const roles = data.roles ?? current.roles;
    const isActive = data.isActive ?? current.isActive;
    const staysActiveAdmin = isActive && roles.includes('admin');
    if (wasActiveAdmin && !staysActiveAdmin && activeAdmins.every((admin) => admin.id === id)) {
      throw new AppError(409, 'errors:users.last_admin');
    }
    const [row] = await tx
      .update(users)
      .set({
        ...(data.name === undefined ? {} : { name: data.name }),
        ...(data.roles === undefined ? {} : { roles: data.roles }),
        ...(data.isActive === undefined ? {} : { isActive: data.isActive }),
        ...(passwordHash === undefined ? {} : { passwordHash }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning(authUserColumns);
    if (!row) throw new AppError(404, 'errors:not_found.user');
    if ((data.isActive === false && current.isActive) || passwordHash !== undefined) {
      const keep = actorSessionId ? sql`${sessions.id} <> ${actorSessionId}` : undefined;
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, id), sql`${sessions.revokedAt} is null`, keep));
    }
    return asAuthUser(row);
  });
}

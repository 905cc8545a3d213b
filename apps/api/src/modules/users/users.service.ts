import type {
  Role,
  UserCreateData,
  UserListQuery,
  UserListResponse,
  UserResponse,
  UserUpdateData,
} from '@funil/shared';
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import { defineShape, isoTimestamp } from '../../db/answer-shape';
import type { Database } from '../../db/client';
import { readListRows } from '../../db/read-rows';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { containsTextPattern, escapeLike } from '../../lib/like';
import { paginate } from '../../lib/pagination';
import { hashPassword } from '../../lib/password';
import { type ColumnNames, patchColumns } from '../../lib/patch-columns';
import { removesLastActiveAdmin } from './admin-rules';
import { toUserRecord, type UserRecord, userRecordColumns } from './user-record';

export type NewUser = {
  name: string;
  email: string;
  passwordHash: string | null;
  roles: Role[];
  isActive?: boolean;
  avatarUrl?: string | null;
};

const notFound = () => new AppError(404, 'errors:not_found.user');

/** The user's column for each field a PATCH may change (the password arrives already hashed). */
const userColumns = {
  name: 'name',
  roles: 'roles',
  isActive: 'isActive',
  passwordHash: 'passwordHash',
} as const satisfies ColumnNames<UserUpdateData & { passwordHash?: string }, keyof typeof users.$inferInsert>;

/** Inserts a user; a taken email (also when two requests race) is 409 "Email já cadastrado". */
export async function insertUser(db: Database, values: NewUser): Promise<UserRecord> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...values, email: values.email.toLowerCase() })
      .returning(userRecordColumns);
    if (!row) throw new Error('user insert returned no row');
    return toUserRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'errors:auth.email_taken', { cause: error });
    throw error;
  }
}

/**
 * The one lookup that reads a password hash (sign-in), handed over beside the user rather than in
 * it, so the user can go anywhere without the hash going along.
 */
export async function findUserCredentials(
  db: Database,
  email: string,
): Promise<{ user: UserRecord; passwordHash: string | null } | null> {
  const [row] = await db
    .select({ ...userRecordColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!row) return null;
  const { passwordHash, ...user } = row;
  return { user: toUserRecord(user), passwordHash };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRecord | null> {
  const [row] = await db
    .select(userRecordColumns)
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ? toUserRecord(row) : null;
}

/** Whether any account exists (the installation has been claimed). */
export async function hasUsers(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

export async function getUser(db: Database, id: string): Promise<UserRecord> {
  const [row] = await db.select(userRecordColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound();
  return toUserRecord(row);
}

const SORT_COLUMNS = {
  // Accent-insensitive, so "Álvaro" sorts with the As on both engines whatever their collation.
  name: sql`f_unaccent_lower(${users.name})`,
  email: users.email,
  createdAt: users.createdAt,
} as const;

/** The user object of a list's answers, as `toUser` builds it for a single user. */
const userShape = defineShape<UserResponse, []>(() => ({
  id: users.id,
  _id: users.id,
  name: users.name,
  full_name: users.name,
  email: users.email,
  avatar_url: users.avatarUrl,
  roles: users.roles,
  isActive: users.isActive,
  createdAt: isoTimestamp(users.createdAt),
  updatedAt: isoTimestamp(users.updatedAt),
}));

const toUsers = (rows: unknown[][]): UserResponse[] => userShape.answers(rows);

/** GET /api/users. Without `page` and `limit`, every matching row on one page. */
export async function listUsers(db: Database, query: UserListQuery): Promise<UserListResponse> {
  const values: Record<string, string | boolean> = {};
  if (query.role) values.p_role = query.role;
  if (query.isActive !== undefined) values.p_active = query.isActive;
  if (query.search) values.p_search = escapeLike(query.search);
  const where = () => {
    const search = sql.placeholder('p_search');
    return and(
      values.p_role === undefined ? undefined : sql`${sql.placeholder('p_role')} = any(${users.roles})`,
      values.p_active === undefined ? undefined : eq(users.isActive, sql.placeholder('p_active')),
      values.p_search === undefined
        ? undefined
        : or(
            containsTextPattern(users.name, search),
            containsTextPattern(users.email, search),
            containsTextPattern(sql`array_to_string(${users.roles}, ' ')`, search),
          ),
    );
  };
  const sort = query.sort ?? 'name';
  const order = query.order ?? 'asc';
  const direction = order === 'desc' ? desc : asc;
  const list = readListRows(db, {
    key: `users|${Object.keys(values).join(',')}|${sort} ${order}`,
    values,
    count: () => db.select({ total: count() }).from(users).where(where()),
    rows: () =>
      db
        .select(userShape().columns)
        .from(users)
        .where(where())
        .orderBy(direction(SORT_COLUMNS[sort]), asc(users.id))
        .$dynamic(),
    mapRows: toUsers,
  });
  return paginate(query, list.count, list.rows);
}

export async function createUser(db: Database, data: UserCreateData): Promise<UserRecord> {
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
): Promise<UserRecord> {
  const passwordHash = data.password === undefined ? undefined : await hashPassword(data.password);
  return db.transaction(async (tx) => {
    const activeAdmins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`'admin' = any(${users.roles})`, eq(users.isActive, true)))
      .for('update');
    const current = await getUser(tx, id);
    const next = { roles: data.roles ?? current.roles, isActive: data.isActive ?? current.isActive };
    if (
      removesLastActiveAdmin(
        current,
        next,
        activeAdmins.map((admin) => admin.id),
      )
    ) {
      throw new AppError(409, 'errors:users.last_admin');
    }
    const [row] = await tx
      .update(users)
      .set({ ...patchColumns({ ...data, passwordHash }, userColumns), updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(userRecordColumns);
    if (!row) throw notFound();
    if ((data.isActive === false && current.isActive) || passwordHash !== undefined) {
      const keep = actorSessionId ? sql`${sessions.id} <> ${actorSessionId}` : undefined;
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, id), sql`${sessions.revokedAt} is null`, keep));
    }
    return toUserRecord(row);
  });
}

/**
 * Keeps the interface language a user works in (their requests' Accept-Language), for the emails
 * sent to them outside a request. Written only when it changed.
 */
export async function rememberUserLanguage(db: Database, userId: string, language: string): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), sql`${users.language} is distinct from ${language}`));
}

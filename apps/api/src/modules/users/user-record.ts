import type { Role, UserResponse } from '@funil/shared';
import { users } from '../../db/schema';

/**
 * A user as the services and routes handle it (`request.user` too). It has no password hash: the
 * one lookup that needs the hash (findUserCredentials) hands it over apart from the user.
 */
export type UserRecord = {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  isActive: boolean;
  avatarUrl: string | null;
  /** The interface language the user last used (pt-BR, en or es): the emails' language. */
  language: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The columns of a UserRecord, for `select(...)` and `returning(...)`. */
export const userRecordColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  roles: users.roles,
  isActive: users.isActive,
  avatarUrl: users.avatarUrl,
  language: users.language,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type UserRecordRow = Omit<UserRecord, 'roles'> & { roles: string[] };

/** The database stores roles as text[]; the check constraint keeps them to the known ones. */
export const toUserRecord = (row: UserRecordRow): UserRecord => ({ ...row, roles: row.roles as Role[] });

/**
 * The user object of every answer (docs/api.md, Auth), built field by field so that nothing else
 * a caller passes in (a hash, a session) can reach the client. `_id` and `full_name` repeat `id`
 * and `name` for clients written against the original API.
 */
export function toUser(user: UserRecord): UserResponse {
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

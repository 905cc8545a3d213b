import { z } from 'zod';
import { ROLES } from '../constants';
import { emailSchema, passwordSchema, personNameSchema, rolesSchema } from './auth';
import { booleanParam, listQuerySchema, listResponseSchema, queryParam } from './common';

/**
 * The user object everywhere (docs/api.md, Auth): never a hash. `_id` repeats `id` and `full_name`
 * repeats `name` for clients written against the original API.
 */
export const userResponseSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  full_name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

/** Register, login and Google sign-in answer the token and the user. */
export const authResponseSchema = z.object({ access_token: z.string(), user: userResponseSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** POST /api/users (admin). */
export const userCreateSchema = z.strictObject({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  roles: rolesSchema,
  isActive: z.boolean('validation:common.boolean_invalid').default(true),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreateData = z.output<typeof userCreateSchema>;

/**
 * PATCH /api/users/:id (admin). Strict: `email` (which cannot change) and anything unknown is a
 * 400. An empty `password` means "keep the current one", as an edit form leaves it blank.
 */
export const userUpdateSchema = z.strictObject({
  name: personNameSchema.optional(),
  roles: rolesSchema.optional(),
  isActive: z.boolean('validation:common.boolean_invalid').optional(),
  password: z.preprocess((value) => (value === '' ? undefined : value), passwordSchema.optional()),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdateData = z.output<typeof userUpdateSchema>;

export const USER_SORT_FIELDS = ['name', 'email', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** GET /api/users: no `page` and no `limit` → every row on one page. */
export const userListQuerySchema = listQuerySchema(USER_SORT_FIELDS, { pagingOptional: true }).extend({
  role: queryParam(z.enum(ROLES, 'validation:users.role_invalid').optional()),
  search: queryParam(z.string().trim().max(100, 'validation:users.search_max').optional()),
  isActive: booleanParam,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListResponseSchema = listResponseSchema(userResponseSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

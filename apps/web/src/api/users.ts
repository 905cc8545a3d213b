import type {
  Role,
  SortOrder,
  UserCreateInput,
  UserListResponse,
  UserResponse,
  UserUpdateInput,
} from '@funil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The user object every call answers (docs/api.md, Auth): never a password hash. */
export type User = UserResponse;
export type UserList = UserListResponse;

export type UserCreateBody = UserCreateInput;
/** Email never changes (docs/api.md, Users); an empty password keeps the current one. */
export type UserUpdateBody = UserUpdateInput;

/** Filters of `GET /api/users` (docs/api.md, Users); no page/limit means every row. */
export type UserListParams = {
  role?: Role;
  isActive?: boolean;
  sort?: 'name' | 'email' | 'createdAt';
  order?: SortOrder;
};

export const userKeys = {
  all: ['api', 'users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
};

/** The user list fetches everything (no page/limit: every row on one page). */
export function listUsers(signal?: AbortSignal, params?: UserListParams) {
  return http.get<UserList>('/api/users', { params, signal });
}

export function createUser(body: UserCreateBody) {
  return http.post<User>('/api/users', body);
}

export function updateUser(id: string, body: UserUpdateBody) {
  return http.patch<User>(`/api/users/${encodeURIComponent(id)}`, body);
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.lists(),
    queryFn: ({ signal }) => listUsers(signal),
  });

const EXECUTIVE_PARAMS: UserListParams = { role: 'comercial', isActive: true, sort: 'name', order: 'asc' };

/** The executives an opportunity may name: active users with the role comercial, by name. */
export const executivesQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list(EXECUTIVE_PARAMS),
    queryFn: ({ signal }) => listUsers(signal, EXECUTIVE_PARAMS),
  });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserUpdateBody }) => updateUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

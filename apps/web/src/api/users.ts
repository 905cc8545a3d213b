import type {
  UserCreateInput,
  UserListQuery,
  UserListResponse,
  UserResponse,
  UserUpdateInput,
} from '@funil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The user object every call answers (docs/api.md, Auth): never a password hash. */
export type User = UserResponse;

export const userKeys = {
  all: ['api', 'users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: Partial<UserListQuery>) => [...userKeys.lists(), params] as const,
};

/** The user list fetches everything (no page/limit: every row on one page). */
export function listUsers(signal?: AbortSignal, params?: Partial<UserListQuery>) {
  return http.get<UserListResponse>('/api/users', { params, signal });
}

export function createUser(body: UserCreateInput) {
  return http.post<User>('/api/users', body);
}

export function updateUser(id: string, body: UserUpdateInput) {
  return http.patch<User>(`/api/users/${encodeURIComponent(id)}`, body);
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.lists(),
    queryFn: ({ signal }) => listUsers(signal),
  });

const EXECUTIVE_PARAMS: Partial<UserListQuery> = {
  role: 'comercial',
  isActive: true,
  sort: 'name',
  order: 'asc',
};

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
    mutationFn: ({ id, body }: { id: string; body: UserUpdateInput }) => updateUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

import { queryOptions, useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';
import type {
  AuthResponse,
  ForgotPasswordInput,
  GoogleConfigResponse,
  GoogleSignInInput,
  LoginInput,
  RegisterInput,
  ResetPasswordConfirmInput,
  SetupStatusResponse,
  UserResponse as User,
} from '@funil/shared';

export type { AuthResponse, LoginInput, RegisterInput };

export const authKeys = {
  all: ['api', 'auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  googleConfig: () => [...authKeys.all, 'google', 'config'] as const,
  setup: () => [...authKeys.all, 'setup'] as const,
};

export function login(body: LoginInput) {
  return http.post<AuthResponse>('/api/auth/login', body);
}

export function register(body: RegisterInput) {
  return http.post<AuthResponse>('/api/auth/register', body);
}

export function logout() {
  return http.post<void>('/api/auth/logout');
}

export function getMe(signal?: AbortSignal) {
  return http.get<User>('/api/auth/me', { signal });
}

export function googleSignIn(body: GoogleSignInInput) {
  return http.post<AuthResponse>('/api/auth/google', body);
}

export function getGoogleConfig(signal?: AbortSignal) {
  return http.get<GoogleConfigResponse>('/api/auth/google/config', { signal });
}

/** Public: whether any account exists yet (none: the first one registered becomes the administrator). */
export function getSetupStatus(signal?: AbortSignal) {
  return http.get<SetupStatusResponse>('/api/auth/setup', { signal });
}

export function requestPasswordReset(body: ForgotPasswordInput) {
  return http.post<{ message: string }>('/api/auth/reset-password', body);
}

export function confirmPasswordReset(body: ResetPasswordConfirmInput) {
  return http.post<void>('/api/auth/reset-password/confirm', body);
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
  });

export const googleConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.googleConfig(),
    queryFn: ({ signal }) => getGoogleConfig(signal),
  });

export const setupStatusQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.setup(),
    queryFn: ({ signal }) => getSetupStatus(signal),
  });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}

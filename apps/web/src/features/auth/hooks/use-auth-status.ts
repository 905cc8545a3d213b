import { useAuth, type AuthStatus } from './use-auth';

export type { AuthStatus };

export function useAuthStatus(): AuthStatus {
  return useAuth().status;
}

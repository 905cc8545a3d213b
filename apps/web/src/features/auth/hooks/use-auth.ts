import { createContext, useContext } from 'react';
import type { LoginInput, RegisterInput } from '@/api/auth';
import type { User } from '@/api/users';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** Login and register answer success, or failure with the message to show. */
export type AuthResult = { success: true; user: User } | { success: false; message: string; status?: number };

export type AuthContextValue = {
  user: User | null;
  status: AuthStatus;
  login: (body: LoginInput) => Promise<AuthResult>;
  register: (body: RegisterInput) => Promise<AuthResult>;
  /** Exchanges the code the Google popup handed back (docs/api.md, POST /api/auth/google). */
  loginWithGoogle: (code: string) => Promise<AuthResult>;
  /** Always ends the local session, even when the server call fails. */
  logout: () => Promise<void>;
  /** Re-reads the user from /api/auth/me. */
  refresh: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  // Using the auth context outside its provider is a developer error.
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

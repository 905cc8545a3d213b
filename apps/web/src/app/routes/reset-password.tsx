import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

/** Reached from the reset email, signed in or not. */
export function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}

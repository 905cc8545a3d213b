import { GoogleCallback } from '@/features/auth/components/google-callback';

export function AuthCallbackRoute() {
  return <GoogleCallback />;
}

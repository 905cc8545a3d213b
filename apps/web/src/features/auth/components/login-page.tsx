import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useAuthFlash } from '../hooks/use-auth-flash';
import { LoginForm, type LoginFormValues } from './login-form';
import { LoginHero } from './login-hero';

type LoginPageProps = {
  onSubmit?: (values: LoginFormValues) => void | Promise<void>;
};

export function LoginPage({ onSubmit }: LoginPageProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const flash = useAuthFlash();

  return (
    <div className="grid min-h-svh bg-background lg:grid-cols-2">
      <div className="flex flex-col gap-8 p-6 md:p-10">
        <header className="flex items-center justify-between gap-4">
          <Logo />
          <LanguageSwitcher />
        </header>

        <main className="flex flex-1 items-center justify-center">
          <div className="w-full max-w-sm space-y-8">
            <div className="space-y-2">
              <h1 className="text-3xl font-semibold tracking-tight">{t('login.title')}</h1>
              <p className="text-muted-foreground">{t('login.subtitle')}</p>
            </div>

            {flash === 'session_expired' && (
              <Alert variant="destructive">
                <AlertCircle aria-hidden />
                <AlertDescription>{t('errors:session_expired')}</AlertDescription>
              </Alert>
            )}

            <LoginForm onSubmit={onSubmit} />
          </div>
        </main>

        <footer className="text-center text-xs text-muted-foreground lg:text-left">
          © {new Date().getFullYear()} Funil
        </footer>
      </div>

      <LoginHero />
    </div>
  );
}

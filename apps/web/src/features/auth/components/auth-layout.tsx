import type { ReactNode } from 'react';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { LoginHero } from './login-hero';

type AuthLayoutProps = {
  title: string;
  subtitle: string;
  children: ReactNode;
};

/** The split layout every signed-out screen shares: the form on the left, the hero on the right. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <div className="grid min-h-svh bg-background lg:grid-cols-2">
      <div className="flex flex-col gap-8 p-6 md:p-10">
        <header className="flex items-center justify-between gap-4">
          <Logo />
          <LanguageSwitcher />
        </header>

        <main className="flex flex-1 items-center justify-center">
          <div className="w-full max-w-sm space-y-6">
            <div className="space-y-2">
              <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
              <p className="text-muted-foreground">{subtitle}</p>
            </div>
            {children}
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

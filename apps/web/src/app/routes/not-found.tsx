import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-8 bg-background p-6 text-center">
      <Logo />
      <div className="flex flex-col items-center gap-4">
        <div className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Compass className="size-7" aria-hidden />
        </div>
        <p className="text-sm font-medium tracking-wide text-primary uppercase">{t('notFound.code')}</p>
        <h1 className="text-3xl font-semibold tracking-tight text-balance">{t('notFound.title')}</h1>
        <p className="max-w-md text-muted-foreground text-pretty">{t('notFound.description')}</p>
      </div>
      <Button asChild size="lg">
        <Link to="/">{t('notFound.goHome')}</Link>
      </Button>
    </main>
  );
}

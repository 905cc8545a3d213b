import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type PagePlaceholderProps = {
  /**
   * Only for screens outside the shell (register, reset password): inside it, the shell already
   * shows the route handle's title and description above the page.
   */
  title?: string;
  description?: string;
};

/** An honest stand-in for a screen that a later issue builds: "under construction". */
export function PagePlaceholder({ title, description }: PagePlaceholderProps) {
  const { t } = useTranslation();
  const card = (
    <Card className="border-dashed">
      <CardHeader className="flex flex-row items-center gap-4">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Construction className="size-5" aria-hidden />
        </div>
        <div className="space-y-1">
          <CardTitle>{t('states.underConstruction')}</CardTitle>
          <CardDescription>{t('states.underConstructionDescription')}</CardDescription>
        </div>
      </CardHeader>
    </Card>
  );
  if (!title) return card;

  return (
    <div className="mx-auto flex min-h-svh w-full max-w-5xl flex-col gap-6 p-6 md:p-10">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </header>
      {card}
    </div>
  );
}

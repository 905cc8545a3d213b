import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/i18n';
import { LANGUAGES, LANGUAGE_NATIVE_NAMES, LANGUAGE_SHORT_NAMES, toLanguage } from '@/i18n/languages';
import { cn } from '@/lib/utils';

type LanguageSwitcherProps = { className?: string };

/** A compact segmented control (pt-BR / English / Español) that switches the language at once. */
export function LanguageSwitcher({ className }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);

  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('inline-flex items-center rounded-lg border bg-muted/60 p-0.5 text-xs', className)}
    >
      {LANGUAGES.map((lng) => {
        const isActive = lng === current;
        return (
          <button
            key={lng}
            type="button"
            lang={lng}
            title={LANGUAGE_NATIVE_NAMES[lng]}
            aria-pressed={isActive}
            onClick={() => void changeLanguage(lng)}
            className={cn(
              'rounded-md px-2.5 py-1 font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
              isActive && 'bg-background text-foreground shadow-xs',
            )}
          >
            {LANGUAGE_SHORT_NAMES[lng]}
          </button>
        );
      })}
    </div>
  );
}

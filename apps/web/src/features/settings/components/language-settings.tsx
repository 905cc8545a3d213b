import { Check, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { changeLanguage } from '@/i18n';
import { LANGUAGE_NATIVE_NAMES, LANGUAGES, toLanguage, type Language } from '@/i18n/languages';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A fixed sample, so the preview shows the format and not the clock. */
const SAMPLE_DATE = new Date(2026, 2, 15, 14, 30);
const SAMPLE_AMOUNT = 1_234_567.89;

/**
 * /configuracoes/idioma: pick one of the three languages; saved in `i18nextLng`, applied at once,
 * confirmed by a toast. The shell shows the page's title and description (route handle).
 */
export function LanguageSettings() {
  const { t, i18n } = useTranslation('config');
  const formatters = useFormatters();
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);

  const handleSelect = async (lng: Language) => {
    if (lng === current) return;
    await changeLanguage(lng);
    // `lng` so the confirmation is already in the language just chosen.
    toast.success(t('language.changed', { lng, language: LANGUAGE_NATIVE_NAMES[lng] }));
  };

  return (
    <div className="flex w-full max-w-3xl flex-col gap-6">
      <Card>
        <CardHeader className="flex flex-row items-center gap-3">
          <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Languages className="size-5" aria-hidden />
          </div>
          <CardTitle id="language-settings-label">{t('language.selectLabel')}</CardTitle>
        </CardHeader>
        <CardContent>
          <div role="group" aria-labelledby="language-settings-label" className="grid gap-3 sm:grid-cols-3">
            {LANGUAGES.map((lng) => {
              const isSelected = lng === current;
              const translatedName = t(`language.names.${lng}`);
              return (
                <button
                  key={lng}
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => void handleSelect(lng)}
                  className={cn(
                    'flex items-center gap-3 rounded-lg border p-3 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    isSelected && 'border-primary bg-accent/60 ring-1 ring-primary',
                  )}
                >
                  <span
                    aria-hidden
                    className={cn(
                      'flex h-8 min-w-12 shrink-0 items-center justify-center rounded-md border bg-background px-1.5 text-xs font-semibold tracking-wide',
                      isSelected && 'border-primary text-primary',
                    )}
                  >
                    {lng === 'pt-BR' ? 'PT-BR' : lng.toUpperCase()}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span lang={lng} className="leading-snug font-medium">
                      {LANGUAGE_NATIVE_NAMES[lng]}
                    </span>
                    {/* The name in the current language, when it differs from the language's own name. */}
                    {translatedName !== LANGUAGE_NATIVE_NAMES[lng] && (
                      <span className="text-sm leading-snug text-muted-foreground">{translatedName}</span>
                    )}
                  </span>
                  {isSelected && <Check className="size-4 shrink-0 text-primary" aria-hidden />}
                </button>
              );
            })}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            {t('language.preview.title')}
            <Badge variant="secondary">{t('language.current')}</Badge>
          </CardTitle>
          <CardDescription>{t('language.preview.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1 rounded-lg bg-muted/50 p-3">
              <dt className="text-xs text-muted-foreground">{t('language.preview.date')}</dt>
              <dd className="font-medium tabular-nums" data-testid="language-preview-date">
                {formatters.dateTimeLong(SAMPLE_DATE)}
              </dd>
            </div>
            <div className="space-y-1 rounded-lg bg-muted/50 p-3">
              <dt className="text-xs text-muted-foreground">{t('language.preview.money')}</dt>
              <dd className="font-medium tabular-nums" data-testid="language-preview-money">
                {formatters.currency(SAMPLE_AMOUNT)}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

import { Check, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { changeLanguage } from '@/i18n';
import { LANGUAGE_NATIVE_NAMES, LANGUAGES, toLanguage, type Language } from '@/i18n/languages';
import { cn } from '@/lib/utils';

/** /configuracoes/idioma: pick one of the three languages; saved in `i18nextLng`, confirmed by a toast. */
export function LanguageSettings() {
  const { t, i18n } = useTranslation('config');
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);

  const handleSelect = async (lng: Language) => {
    if (lng === current) return;
    await changeLanguage(lng);
    // `lng` so the confirmation is already in the language just chosen.
    toast.success(t('language.changed', { lng, language: LANGUAGE_NATIVE_NAMES[lng] }));
  };

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-6 md:p-10">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('language.title')}</h1>
      </header>

      <Card>
        <CardHeader className="flex flex-row items-center gap-3">
          <Languages className="size-5 text-primary" aria-hidden />
          <div className="space-y-1">
            <CardTitle id="language-settings-label">{t('language.selectLabel')}</CardTitle>
            <CardDescription>{t('language.description')}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <div role="group" aria-labelledby="language-settings-label" className="grid gap-3 sm:grid-cols-3">
            {LANGUAGES.map((lng) => {
              const isSelected = lng === current;
              return (
                <button
                  key={lng}
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => void handleSelect(lng)}
                  className={cn(
                    'flex flex-col items-start gap-1 rounded-lg border p-4 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    isSelected && 'border-primary bg-accent/60 ring-1 ring-primary',
                  )}
                >
                  <span className="flex w-full items-center justify-between gap-2">
                    <span lang={lng} className="font-medium">
                      {LANGUAGE_NATIVE_NAMES[lng]}
                    </span>
                    {isSelected && <Check className="size-4 text-primary" aria-hidden />}
                  </span>
                  {/* The name in the current language, when it differs from the language's own name. */}
                  {t(`language.names.${lng}`) !== LANGUAGE_NATIVE_NAMES[lng] && (
                    <span className="text-sm text-muted-foreground">{t(`language.names.${lng}`)}</span>
                  )}
                  {isSelected && (
                    <Badge variant="secondary" className="mt-1">
                      {t('language.current')}
                    </Badge>
                  )}
                </button>
              );
            })}
          </div>
        </CardContent>
      </Card>
    </main>
  );
}

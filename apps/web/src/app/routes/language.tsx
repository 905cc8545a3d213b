import { LanguageSettings } from '@/features/settings/components/language-settings';

export function LanguageRoute() {
  return <LanguageSettings />;
}

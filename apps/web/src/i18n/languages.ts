import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@funil/shared';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/**
 * Each language names itself, untranslated, so a user lost in a language they cannot read still
 * finds their own.
 */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  'pt-BR': 'Português (Brasil)',
  en: 'English',
  es: 'Español',
};

/** The compact labels of the login page's switcher. */
export const LANGUAGE_SHORT_NAMES: Record<Language, string> = {
  'pt-BR': 'pt-BR',
  en: 'English',
  es: 'Español',
};

/** Maps whatever the browser or storage says (`en-US`, `pt`, `es-AR`) to a supported language. */
export function toLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  if ((LANGUAGES as readonly string[]).includes(value)) return value as Language;
  const base = value.toLowerCase().split(/[-_]/)[0];
  if (base === 'pt') return 'pt-BR';
  if (base === 'en') return 'en';
  if (base === 'es') return 'es';
  return DEFAULT_LANGUAGE;
}

import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage, type Language } from './languages';
import { loadLanguage } from './load-language';

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(lng);
}

i18n.on('languageChanged', syncDocumentLanguage);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    // No words yet: the active language's bundle is fetched below, and the app renders once it is in.
    resources: {},
    partialBundledLanguages: true,
    ns: ['common'],
    defaultNS: 'common',
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // Only the exact codes exist; without this i18next would also look for a `pt` bundle.
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: STORAGE_KEYS.language,
      caches: ['localStorage'],
      // A browser in `en-US` or `es-AR` gets `en` / `es`; anything unsupported gets pt-BR.
      convertDetectedLanguage: (lng: string) => toLanguage(lng),
    },
    react: { useSuspense: false },
  });

syncDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);

/** The active language, always one of LANGUAGES. */
export function getLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Resolves when the words of the language detected at start-up are in: main.tsx renders then. */
export const languageReady: Promise<void> = loadLanguage(i18n, getLanguage());

/**
 * Switches the interface language once its words are fetched; the detector saves it in
 * localStorage `i18nextLng`.
 */
export async function changeLanguage(lng: Language) {
  await loadLanguage(i18n, lng);
  return i18n.changeLanguage(lng);
}

export { i18n };

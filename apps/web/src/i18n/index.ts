import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage, type Language } from './languages';
import { DEFAULT_NAMESPACE, NAMESPACES, resources } from './resources';

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(lng);
}

i18n.on('languageChanged', syncDocumentLanguage);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: NAMESPACES,
    defaultNS: DEFAULT_NAMESPACE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // Only the exact codes exist; without this i18next would also look for a `pt` bundle.
    load: 'currentOnly',
    // Resources are bundled, so initialise synchronously: the first render is already translated.
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

/** Switches the interface language; the detector saves it in localStorage `i18nextLng`. */
export function changeLanguage(lng: Language) {
  return i18n.changeLanguage(lng);
}

export { i18n };

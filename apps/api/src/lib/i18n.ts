import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  SHARED_NAMESPACES,
  sharedResources,
} from '@funil/shared';
import { createInstance, type TFunction } from 'i18next';
import Negotiator from 'negotiator';

/** Resolves the shared locales' keys ("errors:route_not_found") on the server. pt-BR is the fallback. */
const i18n = createInstance();
void i18n.init({
  resources: sharedResources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...SHARED_NAMESPACES],
  defaultNS: 'errors',
  // Answers are JSON, never HTML: escaping would turn "Sócio & Cia" into entities.
  interpolation: { escapeValue: false },
  // Resources are in memory, so initialisation completes synchronously.
  initAsync: false,
  returnNull: false,
});

export type Translate = (key: string, params?: Record<string, unknown>) => string;

const fixed = new Map<Language, TFunction>(LANGUAGES.map((language) => [language, i18n.getFixedT(language)]));

export const translator =
  (language: Language): Translate =>
  (key, params) =>
    (fixed.get(language) ?? i18n.t)(key, params ?? {});

/** Picks pt-BR, en or es from an Accept-Language header ("en-US" → en, "pt" → pt-BR). */
export function negotiateLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const [best] = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages([...LANGUAGES]);
  return (LANGUAGES as readonly string[]).includes(best ?? '') ? (best as Language) : DEFAULT_LANGUAGE;
}

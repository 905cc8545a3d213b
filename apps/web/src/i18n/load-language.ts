import type { i18n as I18n } from 'i18next';
import type { Language } from './languages';

type Bundle = Record<string, Record<string, unknown>>;

/** One chunk per language: a visitor downloads the words of the language shown, not all three. */
const BUNDLES: Record<Language, () => Promise<{ bundle: Bundle }>> = {
  'pt-BR': () => import('./bundles/pt-br'),
  en: () => import('./bundles/en'),
  es: () => import('./bundles/es'),
};

/** Adds `lng`'s namespaces to `i18n` once; later calls for the same language are free. */
export async function loadLanguage(i18n: I18n, lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'common')) return;
  const { bundle } = await BUNDLES[lng]();
  for (const [namespace, words] of Object.entries(bundle)) {
    i18n.addResourceBundle(lng, namespace, words, true, true);
  }
}

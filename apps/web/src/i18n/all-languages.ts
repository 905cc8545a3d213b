import { i18n } from './index';
import { resources } from './resources';

/**
 * Every language's words added at once, synchronously: for tests, which switch languages with
 * `i18n.changeLanguage` and expect the words at once. The app fetches them one language at a time.
 */
for (const [lng, bundle] of Object.entries(resources)) {
  for (const [namespace, words] of Object.entries(bundle)) {
    i18n.addResourceBundle(lng, namespace, words, true, true);
  }
}

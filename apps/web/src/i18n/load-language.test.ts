import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadLanguage } from './load-language';

describe('loadLanguage', () => {
  it("adds the language's namespaces and no other language's", async () => {
    const i18n = createInstance();
    await i18n.init({ resources: {}, partialBundledLanguages: true, lng: 'en', fallbackLng: false });
    expect(i18n.t('auth:login.submit')).toBe('login.submit');

    await loadLanguage(i18n, 'en');
    expect(i18n.t('auth:login.submit')).toBe('Sign in');
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(true);
    expect(i18n.hasResourceBundle('pt-BR', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('es', 'common')).toBe(false);
  });
});

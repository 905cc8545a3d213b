import { describe, expect, it } from 'vitest';
import { changeLanguage, getLanguage, i18n } from './index';
import { toLanguage } from './languages';

describe('i18n', () => {
  it('falls back to pt-BR for unknown languages', () => {
    expect(toLanguage('fr-FR')).toBe('pt-BR');
    expect(toLanguage(undefined)).toBe('pt-BR');
    expect(toLanguage('pt')).toBe('pt-BR');
    expect(toLanguage('en-GB')).toBe('en');
    expect(toLanguage('es-AR')).toBe('es');
  });

  it('saves the choice in i18nextLng and sets <html lang>', async () => {
    await changeLanguage('es');
    expect(getLanguage()).toBe('es');
    expect(localStorage.getItem('i18nextLng')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(i18n.t('auth:login.submit')).toBe('Entrar');
    expect(i18n.t('errors:session_expired')).not.toBe('errors:session_expired');

    await changeLanguage('pt-BR');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('falls back to pt-BR text for a key missing in another language', () => {
    expect(i18n.t('notFound.title', { lng: 'en' })).toBe('Page Not Found');
    expect(i18n.options.fallbackLng).toEqual(['pt-BR']);
  });
});

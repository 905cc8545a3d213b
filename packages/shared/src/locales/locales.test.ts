import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { SHARED_NAMESPACES, sharedResources } from './index';

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe('shared locales', () => {
  it.each(SHARED_NAMESPACES)('%s has the same keys in every language', (namespace) => {
    const reference = keysOf(sharedResources['pt-BR'][namespace]).sort();
    for (const language of LANGUAGES) {
      expect(keysOf(sharedResources[language][namespace]).sort(), language).toEqual(reference);
    }
  });

  it('keeps the texts docs/api.md quotes', () => {
    const errors = sharedResources['pt-BR'].errors;
    expect(errors.route_not_found).toBe('Rota não encontrada');
    expect(errors.invalid_json).toBe('JSON inválido');
    expect(errors.session_expired).toBe('Sessão expirada. Faça login novamente.');
    expect(errors.access_denied).toBe('Acesso negado');
  });
});

import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { NAMESPACES, resources } from './resources';

function flattenKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    flattenKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('locales', () => {
  // One test per namespace, web and shared alike, so a failure names the file to fix.
  it.each(NAMESPACES)('namespace "%s" has the same keys in every language', (namespace) => {
    const keysByLanguage = new Map(
      LANGUAGES.map((lng) => [lng, new Set(flattenKeys(resources[lng][namespace]))] as const),
    );
    const allKeys = new Set([...keysByLanguage.values()].flatMap((keys) => [...keys]));

    const missing: string[] = [];
    for (const [lng, keys] of keysByLanguage) {
      for (const key of allKeys) if (!keys.has(key)) missing.push(`${lng}/${namespace}.json: ${key}`);
    }
    expect(missing, `Missing translation keys:\n${missing.join('\n')}`).toEqual([]);
  });

  it('has no empty translation', () => {
    const empty: string[] = [];
    for (const lng of LANGUAGES) {
      for (const namespace of NAMESPACES) {
        const walk = (value: unknown, path: string) => {
          if (typeof value === 'string') {
            if (!value.trim()) empty.push(`${lng}/${namespace}.json: ${path}`);
          } else if (typeof value === 'object' && value !== null) {
            for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
          }
        };
        walk(resources[lng][namespace], '');
      }
    }
    expect(empty, `Empty translations:\n${empty.join('\n')}`).toEqual([]);
  });
});

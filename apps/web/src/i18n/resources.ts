import { bundle as en } from './bundles/en';
import { bundle as es } from './bundles/es';
import { bundle as ptBR } from './bundles/pt-br';
import type { Language } from './languages';

/**
 * Every translation of every language, for the locale tests and the key types. The app itself
 * never imports this table: it fetches the active language's bundle (./load-language.ts).
 * `validation`, `errors` and `spreadsheet` (a spreadsheet's column headers) come from
 * packages/shared, so the API and the web show the same words. A feature adds its namespace to
 * each of ./bundles/*.ts.
 */
export const resources = {
  'pt-BR': ptBR,
  en,
  es,
} as const satisfies Record<Language, Record<string, unknown>>;

export type Namespace = keyof (typeof resources)['pt-BR'];
export const NAMESPACES = Object.keys(resources['pt-BR']) as Namespace[];

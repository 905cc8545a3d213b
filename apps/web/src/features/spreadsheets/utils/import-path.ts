import type { SpreadsheetKind } from '@funil/shared';

// The import wizard's addresses, apart from its fields and limits (./import-kind.ts): the lists'
// "Importar" links need only these, not the spreadsheet schemas those come with.

/** The wizard's `?tipo=` words, in the app's Portuguese URLs, and the kinds they name. */
const KIND_PARAMS = {
  marcas: 'brands',
  oportunidades: 'leads',
  contatos: 'contacts',
  prospecto: 'offerings',
} as const satisfies Record<string, SpreadsheetKind>;

export type ImportKindParam = keyof typeof KIND_PARAMS;

/** The kind a `?tipo=` names; brands (the usual first import) when it names none. */
export function kindFromParam(param: string | null): SpreadsheetKind {
  return param !== null && Object.hasOwn(KIND_PARAMS, param)
    ? KIND_PARAMS[param as ImportKindParam]
    : 'brands';
}

export function paramFromKind(kind: SpreadsheetKind): ImportKindParam {
  const entry = Object.entries(KIND_PARAMS).find(([, value]) => value === kind);
  return (entry?.[0] ?? 'marcas') as ImportKindParam;
}

/** The wizard's address for a kind: what the "Importar" buttons link to. */
export const importPath = (kind: SpreadsheetKind) => `/importar?tipo=${paramFromKind(kind)}`;

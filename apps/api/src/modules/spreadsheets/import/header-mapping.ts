import {
  IMPORT_FIELDS,
  type ImportField,
  LANGUAGES,
  sharedResources,
  type SpreadsheetKind,
} from '@funil/shared';

/**
 * Which field of the kind each column of an imported file fills. A column's header is compared,
 * normalised, with the field's key, its export header in pt-BR, en and es
 * (`spreadsheet:columns.<kind>.<field>`, so any export maps back whatever its language) and a few
 * natural aliases; an explicit `mapping` (header → field, or null to ignore the column) wins over
 * any guess. Each field is read from one column at most: the first that names it.
 *
 * In a brands file, a header that names the contact without saying which part of the name
 * ("Contato", "Nome do contato", "Contact name"…) holds the contact's full name (`contact_name`)
 * when no column holds the surname, and the first name when one does (the export's own "Nome do
 * contato" sits beside "Sobrenome do contato").
 */

/** Lower case, accents removed, punctuation and underscores as single spaces: "E-mail do Contato" → "e mail do contato". */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Headers people write that are neither a key nor an export header (normalised by the lookup). */
const ALIASES: { [K in SpreadsheetKind]: Partial<Record<ImportField<K>, string[]>> } = {
  brands: {
    // "Nome" in a brands file is the brand's: the contact's name is named as the contact's.
    name: ['nome', 'nombre', 'marca', 'nome fantasia', 'brand', 'nome marca'],
    company_name: ['empresa', 'company', 'razao'],
    area_of_activity: ['area', 'atuacao', 'ramo'],
    segmentation: ['segmento'],
    contact_first_name: ['primeiro nome do contato', 'primeiro nome', 'first name', 'primer nombre'],
    contact_last_name: ['sobrenome', 'apellido', 'last name', 'surname'],
    contact_position: ['cargo'],
    contact_email: ['email', 'e mail', 'correo'],
    contact_phone: ['telefone', 'celular', 'phone', 'fone', 'whatsapp', 'telefono'],
  },
  leads: {
    brand_name: ['nome da marca', 'brand name', 'nombre de la marca'],
    brand_cnpj: ['cnpj'],
    contract_status: ['status', 'estado', 'situacao'],
    quota: ['cota', 'quota', 'cuota'],
    prospectus_year: ['ano', 'year', 'ano prospecto'],
    franchises: ['praca', 'franchises', 'franquias', 'mercados'],
    invest: ['investimento'],
    rouanet_law: ['rouanet', 'lei rouanet'],
  },
  contacts: {
    brand_name: ['nome da marca', 'brand name', 'nombre de la marca'],
    brand_cnpj: ['cnpj'],
    email: ['e mail', 'correo'],
    phone_number: ['celular', 'phone number', 'fone', 'whatsapp', 'telefono'],
    first_name: ['primeiro nome'],
    flag: ['flag', 'principal', 'contato principal'],
  },
  offerings: {
    prospectus_year: [
      'ano do prospecto',
      'ano prospecto',
      'prospectus year',
      'ano del prospecto',
      'exercicio',
    ],
    quota: ['tipo de cota', 'quota type', 'tipo de cuota', 'cuota'],
    franchise: ['praca', 'pracas', 'franchise', 'franquia', 'mercado', 'plaza', 'regiao'],
    quantity: ['quantidade', 'qtd', 'qtde', 'quantity', 'qty', 'unidades', 'cantidad'],
    list_price: [
      'preco de tabela',
      'preco tabela',
      'preco',
      'valor de tabela',
      'valor',
      'list price',
      'price',
      'precio',
      'precio de lista',
    ],
    status: ['situacao', 'estado'],
  },
};

type Lookup = Map<string, string>;
const lookups = new Map<SpreadsheetKind, Lookup>();

/** Normalised header → field, for a kind: keys first, then pt-BR, en, es headers, then aliases. */
function lookupFor(kind: SpreadsheetKind): Lookup {
  const cached = lookups.get(kind);
  if (cached) return cached;
  const lookup: Lookup = new Map();
  const add = (text: string, field: string) => {
    const key = normaliseHeader(text);
    if (key && !lookup.has(key)) lookup.set(key, field);
  };
  const fields = IMPORT_FIELDS[kind] as readonly string[];
  for (const field of fields) add(field, field);
  for (const language of LANGUAGES) {
    const headers = sharedResources[language].spreadsheet.columns[kind] as Record<string, string>;
    for (const field of fields) if (headers[field]) add(headers[field], field);
  }
  for (const [field, aliases] of Object.entries(ALIASES[kind] as Record<string, string[]>)) {
    for (const alias of aliases) add(alias, field);
  }
  lookups.set(kind, lookup);
  return lookup;
}

/**
 * Headers of a brands file that name the contact without saying which part of the name they hold
 * (normalised): the contact's full name, or its first name beside a surname column. The key
 * `contact_name` and its export headers are among them.
 */
const CONTACT_NAME_HEADERS = new Set(
  [
    'contato',
    'contact',
    'contacto',
    'nome do contato',
    'nome contato',
    'nome completo do contato',
    'nome completo',
    'nombre del contacto',
    'nombre contacto',
    'nombre completo del contacto',
    'nombre completo',
    'contact name',
    'contact full name',
    'full name',
    ...LANGUAGES.map((language) => sharedResources[language].spreadsheet.columns.brands.contact_name),
  ].map(normaliseHeader),
);

export type GuessContext = {
  /** Whether another column of the file holds the contact's surname (`contact_last_name`). */
  hasSurname?: boolean;
};

/** The field a header names for a kind, or null. */
export function guessField(kind: SpreadsheetKind, header: string, context: GuessContext = {}): string | null {
  const normalised = normaliseHeader(header);
  if (kind === 'brands' && CONTACT_NAME_HEADERS.has(normalised))
    return context.hasSurname ? 'contact_first_name' : 'contact_name';
  return lookupFor(kind).get(normalised) ?? null;
}

/** An explicit mapping: header text → field of the kind, or null to ignore the column. */
export type ColumnMapping = Record<string, string | null>;

/**
 * Reads the `mapping` option: a JSON object whose values are fields of the kind or null. Null
 * when it is not one (the caller answers `validation:spreadsheet.mapping_invalid`).
 */
export function parseMapping(kind: SpreadsheetKind, text: string | undefined): ColumnMapping | null {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = IMPORT_FIELDS[kind] as readonly string[];
  const mapping: ColumnMapping = {};
  for (const [header, field] of Object.entries(value as Record<string, unknown>)) {
    if (field !== null && (typeof field !== 'string' || !fields.includes(field))) return null;
    mapping[header] = field;
  }
  return mapping;
}

/**
 * The field of each column (null: not read). A column the mapping names, by its exact header or
 * by the normalised one, takes the mapping's answer; the others are guessed. Explicit choices are
 * served first, so a guess never takes a field the mapping gives to another column; then each
 * field goes to the first column that names it.
 */
export function mapColumns(
  kind: SpreadsheetKind,
  headers: readonly string[],
  mapping: ColumnMapping = {},
): (string | null)[] {
  const normalisedMapping = new Map(
    Object.entries(mapping).map(([header, field]) => [normaliseHeader(header), field] as const),
  );
  const explicit = headers.map((header): string | null | undefined =>
    Object.hasOwn(mapping, header) ? mapping[header] : normalisedMapping.get(normaliseHeader(header)),
  );
  // Whether some column holds the surname decides what a bare contact header holds.
  const hasSurname = headers.some(
    (header, index) =>
      (explicit[index] === undefined ? guessField(kind, header) : explicit[index]) === 'contact_last_name',
  );
  const taken = new Set<string>();
  const result: (string | null)[] = headers.map(() => null);
  explicit.forEach((field, index) => {
    if (typeof field === 'string' && !taken.has(field)) {
      taken.add(field);
      result[index] = field;
    }
  });
  headers.forEach((header, index) => {
    if (explicit[index] !== undefined) return;
    const field = guessField(kind, header, { hasSurname });
    if (field !== null && !taken.has(field)) {
      taken.add(field);
      result[index] = field;
    }
  });
  return result;
}

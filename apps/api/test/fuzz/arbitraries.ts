import fc from 'fast-check';
import type { JsonSchema, Operation, Parameter } from './route-catalogue';

/** Strings aimed at SQL, LIKE patterns, templates, HTML and paths. */
export const INJECTIONS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '%',
  '%%',
  '_',
  '\\',
  '\\%',
  '%_\\',
  '${}',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f',
  '..%2f..%2fetc%2fpasswd',
  '{"$gt":""}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '-1',
  '0',
  '1e308',
  '*',
  ';',
  '--',
  '/*',
  ' ',
  '\t\n\r',
];

/** Combining marks, emoji, right-to-left text, NUL, lone surrogates (JSON escapes them). */
export const UNICODE = [
  'e\u0301\u0301\u0301\u0301',
  'Z\u0351\u036b\u0343\u036a\u0302\u036b\u033d\u034f\u0334\u0319\u0324\u031e\u0349',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈🇧🇷',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  'שלום',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ufeff',
  '\u200b\u200d',
  'İıŞş',
  'ß ﬃ',
  '\u2028\u2029',
  'São Paulo',
  'ÇÃÕÉ',
];

/** Long strings, built once (generating them per run would dominate the suite's time). */
const HUGE = [
  'a'.repeat(10_000),
  'é'.repeat(50_000),
  ' '.repeat(3_000),
  '9'.repeat(5_000),
  '😀'.repeat(20_000),
];

/** A JSON string over the 1 MiB body limit. */
export const OVER_LIMIT = 'x'.repeat(1024 * 1024 + 16);

export const fuzzString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 4, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...INJECTIONS), fc.constantFrom(...UNICODE))
      .map(([a, b]) => `${a}${b}`),
  },
);

export const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  1e308,
  -1e308,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 31,
  -(2 ** 31) - 1,
  0.5,
  1.5,
  0.1,
  1e-308,
  5e-324,
  999_999_999_999.99,
  999_999_999_999.995,
  1e12,
  1e21,
  2026.5,
  1899,
  10_000,
];

export const fuzzNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/** Number tokens that JSON.stringify never writes but a client may send. */
export const RAW_NUMBER_TOKENS = [
  '-0',
  '1e400',
  '-1e400',
  '1E+2',
  '1.0',
  '-0.0',
  '1e-400',
  '123456789012345678901234567890',
];

const fuzzLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fuzzString },
  { weight: 3, arbitrary: fuzzNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
);

/** Any JSON value, with the fuzz strings and numbers above as leaves (two levels deep at most). */
export const fuzzValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fuzzLeaf },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [[[[[]]]]], { a: { b: { c: {} } } }) },
  { weight: 1, arbitrary: fc.array(fuzzLeaf, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('a', 'name', 'id', '$gt', ''), fuzzLeaf, { maxKeys: 2 }),
  },
);

/** Percent-encodes a string for a URL; lone surrogates become U+FFFD as UTF-8 would write them. */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** URL text sent as is: traversal, broken percent-encoding, encoded NUL and surrogates. */
const RAW_URL_PIECES = [
  '..',
  '.',
  '%2e%2e%2f',
  '..%2F..%2Fetc%2Fpasswd',
  '%',
  '%zz',
  '%FF',
  '%ED%A0%80',
  '%00',
  '%20',
  '%C0%AE',
  'null',
  '0',
  '-1',
  '1e308',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
];

/** Field-name hints: values that make a body or query pass validation and reach the service. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const letters = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzXYZ'), minLength: min, maxLength: max });

/** A value the schema accepts (the field's hint first, when there is one). */
export function validValue(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  const hint = hints[name];
  if (hint) return hint;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) {
    const branches = schema.anyOf.map((branch) => validValue(branch, name, hints));
    return fc.oneof(...branches);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const small = fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 10_000, 10_000) });
      // The bounds themselves (page 2^53 - 1, the largest amount) now and then.
      const bounds = [schema.minimum, schema.maximum].filter((bound) => bound !== undefined);
      return bounds.length
        ? fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(...bounds) })
        : small;
    }
    case 'array':
      return fc.array(validValue(schema.items ?? {}, name, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, 2),
      });
    case 'object':
      return validObject(schema, hints);
    default:
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.pattern?.includes('Latin')) return fc.constantFrom('Ana Souza', 'José Álvares', 'Zoe');
      return letters(Math.max(schema.minLength ?? 0, 2), Math.min(schema.maxLength ?? 30, 30));
  }
}

/** An object with every required property and some optional ones, each valid. */
export function validObject(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) model[key] = validValue(property, key, hints);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

/** What a request carries as its body. */
export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType?: string; payload: string | Buffer };

const MALFORMED_JSON = [
  '{',
  '{"a":}',
  "{'a':1}",
  '[1,2',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":1}}',
  'nul',
  '"unterminated',
  '\u0000',
  '{"a":"\\x00"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  'application/octet-stream',
  'application/json; charset=latin1',
  'image/png',
  'application/vnd.api+json',
  'garbage',
];

const EXTRA_KEYS = [
  'id',
  '_id',
  'createdAt',
  'updatedAt',
  'password_hash',
  'passwordHash',
  'roles',
  'isActive',
  'extra',
  '',
];

const bodyText = fc.oneof(
  fuzzString,
  fc.constantFrom(...MALFORMED_JSON),
  fc.jsonValue().map((v) => JSON.stringify(v)),
);

/** Bodies for a route that expects none (GET, DELETE, logout): mostly none, sometimes garbage. */
export const strayBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
  {
    weight: 1,
    arbitrary: fc.constant<FuzzBody>({ kind: 'raw', contentType: 'application/json', payload: '' }),
  },
  { weight: 1, arbitrary: fuzzValue.map((value): FuzzBody => ({ kind: 'json', value })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), bodyText)
      .map(([contentType, payload]): FuzzBody => ({ kind: 'raw', contentType, payload })),
  },
);

/** Bodies for a JSON route: valid-looking ones mutated one field at a time, and plain garbage. */
export function jsonBody(schema: JsonSchema, hints: Hints): fc.Arbitrary<FuzzBody> {
  const valid = validObject(schema, hints);
  const keys = Object.keys(schema.properties ?? {});
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('x');
  const json = (value: unknown): FuzzBody => ({ kind: 'json', value });
  const raw = (payload: string, contentType = 'application/json'): FuzzBody => ({
    kind: 'raw',
    contentType,
    payload,
  });
  return fc.oneof(
    { weight: 2, arbitrary: valid.map(json) },
    {
      weight: 8,
      arbitrary: fc.tuple(valid, key, fuzzValue).map(([body, k, value]) => json({ ...body, [k]: value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, key, fc.constantFrom(...RAW_NUMBER_TOKENS))
        .map(([body, k, token]) =>
          raw(JSON.stringify({ ...body, [k]: '\u0001RAW' }).replace('"\\u0001RAW"', token)),
        ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, key).map(([body, k]) => {
        const copy = { ...body };
        delete copy[k];
        return json(copy);
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.oneof(fc.constantFrom(...EXTRA_KEYS), fuzzString), fuzzValue)
        .map(([body, k, value]) => json({ ...body, [k]: value })),
    },
    {
      weight: 2,
      arbitrary: fc.dictionary(key, fuzzValue, { maxKeys: keys.length || 1 }).map(json),
    },
    { weight: 2, arbitrary: fuzzValue.map(json) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text) => raw(text)) },
    { weight: 1, arbitrary: fc.constant(raw('')) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), valid)
        .map(([contentType, body]) => raw(JSON.stringify(body), contentType)),
    },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
    // Over the body limit: rare, they are slow to send.
    { weight: 1, arbitrary: fc.tuple(valid, key).map(([body, k]) => json({ ...body, [k]: OVER_LIMIT })) },
  );
}

/** A multipart/form-data body with the given parts (a browser's FormData, or a broken one). */
function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer }[], close = true) {
  const boundary = '----funilfuzz7MA4YWxkTrZu0gW';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
        `\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
    ),
    part.data,
    Buffer.from('\r\n'),
  ]);
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'text/plain',
  'application/pdf',
  '',
];
const garbageBytes = fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes));

/** Bodies for an upload route: garbage files, wrong fields, broken multipart, wrong content types. */
export function multipartBody(realImage: Buffer): fc.Arbitrary<FuzzBody> {
  const part = fc.record({
    name: fc.oneof(fc.constant('image'), fc.constantFrom('file', 'img', 'image[]', ''), fuzzString),
    filename: fc.option(
      fc.oneof(fc.constantFrom('logo.png', '../../etc/passwd', 'a\u0000.png'), fuzzString),
      {
        nil: undefined,
      },
    ),
    type: fc.constantFrom(...IMAGE_TYPES),
    data: fc.oneof(
      { weight: 4, arbitrary: garbageBytes },
      { weight: 1, arbitrary: fc.constant(realImage) },
      { weight: 1, arbitrary: fc.constant(realImage.subarray(0, 40)) },
      { weight: 1, arbitrary: fuzzString.map((text) => Buffer.from(text)) },
    ),
  });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.array(part, { minLength: 0, maxLength: 3 }), fc.boolean())
        .map(([parts, close]): FuzzBody => ({ kind: 'raw', ...multipart(parts, close) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...WRONG_CONTENT_TYPES, 'application/json', 'multipart/form-data; boundary='),
          garbageBytes,
        )
        .map(([contentType, payload]): FuzzBody => ({ kind: 'raw', contentType, payload })),
    },
    { weight: 1, arbitrary: fuzzValue.map((value): FuzzBody => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
    // A file over the 5 MB limit: rare.
    {
      weight: 1,
      arbitrary: fc.constant<FuzzBody>({
        kind: 'raw',
        ...multipart([
          {
            name: 'image',
            filename: 'big.png',
            type: 'image/png',
            data: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
          },
        ]),
      }),
    },
  );
}

const validQueryValue = (param: Parameter, hints: Hints) =>
  validValue(param.schema, param.name, hints).map((value) => encodeSegment(String(value)));

const fuzzedQueryValue: fc.Arbitrary<string[]> = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(fuzzString, fuzzNumber.map(String)).map((v) => [encodeSegment(v)]) },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(fuzzString, fc.constant('')).map(encodeSegment), {
      minLength: 2,
      maxLength: 3,
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES).map((v) => [v]) },
);

/**
 * The query string (without `?`) for an operation's declared parameters plus unknown ones: every
 * parameter valid (so the request reaches the service), valid but one fuzzed (wrong type, injection
 * text, repeated), or each one anything.
 */
export function queryString(op: Operation, hints: Hints): fc.Arbitrary<string> {
  const params = op.queryParams;
  const pair = (name: string, values: string[] | undefined) =>
    (values ?? []).map((value) => `${encodeSegment(name)}=${value}`);
  const valid = fc.tuple(
    ...params.map((param) =>
      fc.option(
        validQueryValue(param, hints).map((v) => [v]),
        { nil: undefined, freq: 2 },
      ),
    ),
  );
  const wild = fc.tuple(
    ...params.map((param) =>
      fc.option(
        fc.oneof(
          validQueryValue(param, hints).map((v) => [v]),
          fuzzedQueryValue,
        ),
        {
          nil: undefined,
          freq: 2,
        },
      ),
    ),
  );
  const focus = fc.nat({ max: Math.max(params.length - 1, 0) });
  const declared = params.length
    ? fc.oneof(
        { weight: 2, arbitrary: valid },
        {
          weight: 3,
          arbitrary: fc.tuple(valid, focus, fuzzedQueryValue).map(([values, index, fuzzed]) => {
            const copy = [...values];
            copy[index] = fuzzed;
            return copy;
          }),
        },
        { weight: 1, arbitrary: wild },
      )
    : fc.constant([]);
  const unknown = fc.array(
    fc
      .tuple(
        fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a[b]', 'sort[]', 'status'), fuzzString),
        fuzzString,
      )
      .map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`),
    { maxLength: 2 },
  );
  return fc
    .tuple(declared, unknown)
    .map(([values, extra]) => [...values.flatMap((v, i) => pair(params[i]!.name, v)), ...extra].join('&'));
}

/** A path segment: the fixture's valid value, a random UUID, fuzz text (encoded), or raw URL text. */
export function pathSegment(valid: string | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    ...(valid === undefined ? [] : [{ weight: 8, arbitrary: fc.constant(valid) }]),
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 4, arbitrary: fc.oneof(fuzzString, fuzzNumber.map(String)).map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
  );
}

/** Cells for a spreadsheet row: plausible values, injection text, formulas, odd numbers. */
const spreadsheetCell = fc.oneof(
  { weight: 3, arbitrary: fuzzString.map((text) => text.replaceAll('\u0000', '')) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '11222333000181',
      '12.ABC.345/01DE-35',
      'Marca Fuzz',
      'fuzz@marca.com.br',
      '+55 11 99999-0000',
      '=HYPERLINK("http://x","y")',
      "'=1+1",
      'R$ 1.234,56',
      'Sim',
      'Quente',
      '2026',
      '',
    ),
  },
);
const csvCell = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
const SPREADSHEET_HEADERS = [
  'Nome da marca',
  'Razão social',
  'CNPJ',
  'CNPJ da marca',
  'Apuração',
  'Status',
  'Email',
  'Email do contato',
  'Telefone',
  'Crédito',
  'Permuta',
];

/** Bodies for a spreadsheet import: CSVs (valid-looking, odd, header alone), garbage, broken multipart, options. */
export function spreadsheetBody(): fc.Arbitrary<FuzzBody> {
  const csv = fc
    .tuple(
      fc.subarray(SPREADSHEET_HEADERS, { minLength: 1 }),
      fc.constantFrom(';', ',', '\t'),
      fc.array(fc.array(spreadsheetCell, { maxLength: 12 }), { maxLength: 6 }),
    )
    .map(([headers, delimiter, rows]) =>
      Buffer.from([headers, ...rows].map((cells) => cells.map(csvCell).join(delimiter)).join('\r\n'), 'utf8'),
    );
  const filePart = fc.record({
    name: fc.oneof(
      { weight: 5, arbitrary: fc.constant('file') },
      fc.constantFrom('image', 'files', ''),
      fuzzString,
    ),
    filename: fc.option(fc.constantFrom('planilha.csv', 'planilha.xlsx', '../../etc/passwd'), {
      nil: undefined,
    }),
    type: fc.constantFrom('text/csv', 'application/vnd.ms-excel', 'application/octet-stream', ''),
    data: fc.oneof(
      { weight: 4, arbitrary: csv },
      { weight: 2, arbitrary: garbageBytes },
      { weight: 1, arbitrary: fuzzString.map((text) => Buffer.from(text)) },
      {
        weight: 1,
        arbitrary: garbageBytes.map((bytes) => Buffer.concat([Buffer.from('PK\u0003\u0004'), bytes])),
      },
    ),
  });
  const optionPart = fc.record({
    name: fc.constantFrom('dry_run', 'on_duplicate', 'mapping', 'extra'),
    value: fc.oneof(
      fc.constantFrom(
        'true',
        'false',
        'skip',
        'update',
        '{"CNPJ":"cnpj"}',
        '{"CNPJ":"nope"}',
        '[]',
        'null',
        '{',
      ),
      fuzzString,
    ),
  });
  const part = fc.oneof(
    { weight: 2, arbitrary: filePart },
    { weight: 1, arbitrary: optionPart.map(({ name, value }) => ({ name, data: Buffer.from(value) })) },
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.array(part, { minLength: 0, maxLength: 4 }), fc.boolean())
        .map(([parts, close]): FuzzBody => ({ kind: 'raw', ...multipart(parts, close) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...WRONG_CONTENT_TYPES, 'application/json', 'multipart/form-data; boundary='),
          garbageBytes,
        )
        .map(([contentType, payload]): FuzzBody => ({ kind: 'raw', contentType, payload })),
    },
    { weight: 1, arbitrary: fuzzValue.map((value): FuzzBody => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
    // A file over the 10 MB limit: rare.
    {
      weight: 1,
      arbitrary: fc.constant<FuzzBody>({
        kind: 'raw',
        ...multipart([
          {
            name: 'file',
            filename: 'big.csv',
            type: 'text/csv',
            data: Buffer.alloc(10 * 1024 * 1024 + 10, 0x61),
          },
        ]),
      }),
    },
  );
}

/**
 * The file name a `Content-Disposition` header gives, or null when it gives none. The extended
 * `filename*=UTF-8''…` form (percent-encoded, so accents survive) wins over the plain `filename=`;
 * a quoted value may hold `;` and escaped quotes. The name is cleaned for saving: no folder part,
 * no control characters.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = parseParameters(header);
  const extended = params.get('filename*');
  const decoded = extended === undefined ? null : decodeExtendedValue(extended);
  const name = decoded ?? params.get('filename') ?? null;
  return name === null ? null : cleanFileName(name);
}

/** `attachment; a=b; c="d;e"` → { a: 'b', c: 'd;e' } (names in lower case; the first of a name wins). */
function parseParameters(header: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (params.has(name)) continue;
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3]!.trim();
    params.set(name, value);
  }
  return params;
}

/** `UTF-8'pt-BR'marcas%20%C3%A1.csv` → `marcas á.csv`; null for another charset or bad escapes. */
function decodeExtendedValue(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const charset = match[1]!.toLowerCase();
  const encoded = match[2]!;
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  } catch {
    return null;
  }
  return null;
}

function cleanFileName(name: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const withoutControls = name.replace(/[\u0000-\u001f\u007f]/g, '');
  const base = withoutControls.split(/[/\\]/).pop()?.trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : null;
}

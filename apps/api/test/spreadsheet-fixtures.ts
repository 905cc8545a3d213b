import { randomUUID } from 'node:crypto';
import type { ImportResult, SpreadsheetKind } from '@funil/shared';
import ExcelJS from 'exceljs';
import type { App } from '../src/app';

export type FormPart =
  { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body with these parts, in this order (a browser's FormData). */
export function multipartForm(parts: readonly FormPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----funil${randomUUID().replace(/-/g, '')}`;
  const chunks = parts.flatMap((part) =>
    'value' in part
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
          ),
        ]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
              `Content-Type: ${part.type}\r\n\r\n`,
          ),
          part.data,
          Buffer.from('\r\n'),
        ],
  );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type ImportOptions = {
  dry_run?: boolean;
  on_duplicate?: 'skip' | 'update';
  mapping?: Record<string, string | null>;
  /** Send the options after the file (default: before). */
  fieldsLast?: boolean;
  filename?: string;
  type?: string;
  query?: string;
  language?: string;
};

/** POST /api/<kind>/import with `file` (text is sent as UTF-8) and the options as fields. */
export function importVia(
  app: App,
  headers: Record<string, string>,
  kind: SpreadsheetKind,
  file: Buffer | string,
  options: ImportOptions = {},
) {
  const fields: FormPart[] = [];
  if (options.dry_run !== undefined) fields.push({ name: 'dry_run', value: String(options.dry_run) });
  if (options.on_duplicate) fields.push({ name: 'on_duplicate', value: options.on_duplicate });
  if (options.mapping) fields.push({ name: 'mapping', value: JSON.stringify(options.mapping) });
  const filePart: FormPart = {
    name: 'file',
    filename: options.filename ?? 'planilha.csv',
    type: options.type ?? 'text/csv',
    data: typeof file === 'string' ? Buffer.from(file, 'utf8') : file,
  };
  const body = multipartForm(options.fieldsLast ? [filePart, ...fields] : [...fields, filePart]);
  return app.inject({
    method: 'POST',
    url: `/api/${kind}/import${options.query ? `?${options.query}` : ''}`,
    headers: {
      ...headers,
      ...body.headers,
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    payload: body.payload,
  });
}

/** The answer of a 200 import, checked. */
export async function importOk(...args: Parameters<typeof importVia>): Promise<ImportResult> {
  const response = await importVia(...args);
  if (response.statusCode !== 200) throw new Error(`import: ${response.statusCode} ${response.body}`);
  return response.json<ImportResult>();
}

/** An XLSX with these rows (the first is the header) in its first worksheet. */
export async function xlsxOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planilha');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Valid CNPJs (numeric and alphanumeric) beyond the fixtures' two. */
export const MORE_CNPJS = ['11.444.777/0001-61', '04.252.011/0001-10', '33.000.167/0001-01'];

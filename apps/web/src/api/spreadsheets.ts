import type { ImportDuplicatePolicy, ImportResult, SpreadsheetKind } from '@funil/shared';
import { http, openDownload, type QueryParams } from '@/lib/http';

export type { ImportResult };

/**
 * Starts `GET /api/{kind}/export` and hands back the response unread (its body is the file): the
 * caller streams it to count the bytes and saves it. `params` are the list's filters and sort,
 * the `format` and the `tz`.
 */
export function openExport(kind: SpreadsheetKind, params: QueryParams, signal?: AbortSignal) {
  return openDownload(`/api/${kind}/export`, { params, signal });
}

export type ImportRequest = {
  file: File;
  /** JSON object: a column's header → a field of the kind, or null to ignore the column. */
  mapping?: string;
  dryRun: boolean;
  onDuplicate: ImportDuplicatePolicy;
};

/**
 * `POST /api/{kind}/import`, multipart. The options go before the file, so a server that reads the
 * parts in order knows them by the time the file arrives.
 */
export function importSpreadsheet(kind: SpreadsheetKind, request: ImportRequest, signal?: AbortSignal) {
  const form = new FormData();
  if (request.mapping !== undefined) form.append('mapping', request.mapping);
  form.append('dry_run', String(request.dryRun));
  form.append('on_duplicate', request.onDuplicate);
  form.append('file', request.file, request.file.name);
  return http.post<ImportResult>(`/api/${kind}/import`, form, { signal });
}

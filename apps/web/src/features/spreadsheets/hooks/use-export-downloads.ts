import type { ExportFormat, SpreadsheetKind } from '@funil/shared';
import { useSyncExternalStore } from 'react';
import { toastLater } from '@/lib/toast-later';
import { openExport } from '@/api/spreadsheets';
import { i18n } from '@/i18n';
import { browserTimeZone, saveBlob } from '@/lib/download';
import { getErrorMessage, type QueryParams } from '@/lib/http';
import { fileNameFromContentDisposition } from '../utils/content-disposition';
import { contentLength } from '../utils/file-size';
import { readWithProgress } from '../utils/save-file';

/** One export being downloaded, as the progress panel shows it. */
export type ExportDownload = {
  id: number;
  kind: SpreadsheetKind;
  format: ExportFormat;
  /** Bytes received so far. */
  received: number;
  /** The file's size when the server told it (and sent it uncompressed); else null. */
  total: number | null;
  /** The rows the screen expects the file to hold (the board's count), when it knows. */
  expectedRows: number | null;
  /** False until the server answers (it may take a moment to start a large export). */
  started: boolean;
};

export type ExportRequest = {
  kind: SpreadsheetKind;
  format: ExportFormat;
  /** The list's filters and sort, as its own query sends them. */
  params: QueryParams;
  expectedRows?: number | null;
};

/**
 * The exports under way, kept outside React: a download goes on while the user moves to another
 * screen, and the panel in the shell shows it wherever they are. Leaving the app (or signing out,
 * which reloads it) ends it.
 */
let downloads: readonly ExportDownload[] = [];
const controllers = new Map<number, AbortController>();
const listeners = new Set<() => void>();
let nextId = 1;

function publish(next: readonly ExportDownload[]) {
  downloads = next;
  for (const listener of listeners) listener();
}

function update(id: number, change: Partial<ExportDownload>) {
  publish(downloads.map((download) => (download.id === id ? { ...download, ...change } : download)));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The export's toasts, in the language on screen when it ends. */
const t = i18n.getFixedT(null, 'spreadsheets');

/**
 * Downloads an export: the list's query plus the format and the browser's time zone, read as a
 * stream so the panel shows the megabytes received, then saved under the name the server gives
 * (Content-Disposition). Done, cancelled or refused, a toast says so; a refusal shows the server's
 * own message.
 */
export async function startExport({
  kind,
  format,
  params,
  expectedRows = null,
}: ExportRequest): Promise<void> {
  const id = nextId++;
  const controller = new AbortController();
  controllers.set(id, controller);
  publish([...downloads, { id, kind, format, received: 0, total: null, expectedRows, started: false }]);
  try {
    const response = await openExport(kind, { ...params, format, tz: browserTimeZone() }, controller.signal);
    // A compressed answer's Content-Length counts the compressed bytes, not the ones read here.
    const total = response.headers.get('content-encoding')
      ? null
      : contentLength(response.headers.get('content-length'));
    update(id, { started: true, total });
    const blob = await readWithProgress(response, (received) => update(id, { received }), {
      signal: controller.signal,
    });
    const fileName =
      fileNameFromContentDisposition(response.headers.get('content-disposition')) ??
      `${i18n.t(`spreadsheet:fileName.${kind}`)}.${format}`;
    saveBlob(blob, fileName);
    toastLater.success(t('export.done', { file: fileName }));
  } catch (error) {
    if (controller.signal.aborted) toastLater.info(t('export.cancelled'));
    else toastLater.error(getErrorMessage(error, t('export.failed')));
  } finally {
    controllers.delete(id);
    publish(downloads.filter((download) => download.id !== id));
  }
}

/** Stops a download; its toast says it was cancelled. */
export function cancelExport(id: number): void {
  controllers.get(id)?.abort();
}

/** Stops every download (a test's cleanup). */
export function cancelAllExports(): void {
  for (const controller of controllers.values()) controller.abort();
}

/** The exports under way, re-rendering as bytes arrive. */
export function useExportDownloads(): readonly ExportDownload[] {
  return useSyncExternalStore(subscribe, () => downloads);
}

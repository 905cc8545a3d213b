import { Readable } from 'node:stream';
import {
  brandExportQuerySchema,
  contactExportQuerySchema,
  errorResponseSchema,
  type ExportFormat,
  leadExportQuerySchema,
  offeringExportQuerySchema,
  type SpreadsheetKind,
} from '@funil/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../../app';
import { DEFAULT_BATCH_SIZE, openRowCursor } from '../../../db/row-cursor';
import { operationId } from '../../../lib/operation-id';
import { recordRouteErrors } from '../../../lib/route-errors';
import { watchForStall } from '../../../lib/stall-watch';
import { brandExportSheet } from './brand-export';
import { csvConventions, todayIn } from './cells';
import { contactExportSheet } from './contact-export';
import { csvChunks } from './csv-writer';
import { exportHeaders, type ExportLabels, exportLabels, type ExportSheet } from './export-sheet';
import { leadExportSheet } from './lead-export';
import { offeringExportSheet } from './offering-export';
import { XLSX_BATCH_SIZE, xlsxStream } from './xlsx-writer';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `attachment` with the dated name, plain ASCII and RFC 5987 UTF-8 (`oportunidades-2026-11-24.csv`). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * How long the downloads still being sent when the app starts closing may go on before they are
 * cut. The HTTP server's close waits for every answer in progress, and a client that stopped
 * reading never lets its download end: without a limit, closing would wait for ever (and a
 * shutdown would end in the process's forced exit instead of a clean one).
 */
const CLOSE_GRACE_MS = 3_000;

/**
 * Answers `sheet` as a download, streamed from a database cursor. A bulk slot is taken first: one
 * export beyond what the user or the process may run at once is answered 429 at once, before any
 * connection is asked for. The cursor is opened before the answer starts (a failing query is an
 * ordinary error answer); from then on the cursor is closed, the slot given back and the database
 * released for shutdown when the body's stream closes — finished, failed, the client gone, or the
 * client cut off for not reading anything for the idle limit. A failure once the body has started
 * ends the answer cut short (fastify logs it and destroys the socket); the process carries on.
 * The body is in `downloads` until it closes.
 */
async function sendExport(
  app: App,
  downloads: Set<Readable>,
  request: FastifyRequest,
  reply: FastifyReply,
  sheet: ExportSheet,
  query: { format: ExportFormat; tz?: string | undefined },
) {
  const userId = request.user?.id;
  if (!userId) throw new Error('an authenticated route ran without its user');
  const releaseSlot = app.bulkSlots.take(userId);
  const releaseDatabase = app.holdDatabase();
  const release = () => {
    releaseSlot();
    releaseDatabase();
  };
  let cursor;
  try {
    cursor = await openRowCursor(
      app.dbHandle,
      sheet.query,
      query.format === 'xlsx' ? XLSX_BATCH_SIZE : DEFAULT_BATCH_SIZE,
    );
  } catch (error) {
    release();
    throw error;
  }
  const headers = exportHeaders(sheet.kind, request.t);
  const timeZone = query.tz;
  const body =
    query.format === 'csv'
      ? Readable.from(csvChunks(sheet, cursor, { headers, timeZone, ...csvConventions(request.language) }), {
          objectMode: false,
        })
      : xlsxStream(sheet, cursor, {
          headers,
          timeZone,
          sheetName: request.t(`spreadsheet:fileName.${sheet.kind}`).slice(0, 31),
          onError: (error) =>
            request.log.error({ err: error }, 'export: the spreadsheet could not be written'),
        });
  const opened = cursor;
  downloads.add(body);
  // A client that has taken nothing for the idle limit while the answer waits on it is cut off:
  // its cursor (and on PostgreSQL the connection and snapshot behind it) must not be held for ever.
  const stopWatching = watchForStall({
    limitMs: app.bulkSlots.idleMs,
    progress: () => reply.raw.socket?.bytesWritten ?? 0,
    waitingOnPeer: () => reply.raw.writableNeedDrain,
    onStall: () => body.destroy(new Error('export: the client read nothing for the idle limit')),
  });
  body.once('close', () => {
    stopWatching();
    downloads.delete(body);
    opened
      .close()
      .catch((error: unknown) => request.log.error({ err: error }, 'export: could not close the cursor'))
      .finally(release);
  });
  const fileName = `${request.t(`spreadsheet:fileName.${sheet.kind}`)}-${todayIn(timeZone)}.${query.format}`;
  return reply
    .header('content-type', CONTENT_TYPES[query.format])
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(body);
}

/** Operation ids: exportLeads, exportBrands, exportContacts, exportOfferings. */
const exportSchema = (kind: SpreadsheetKind, what: string) => ({
  operationId: operationId('export', kind),
  tags: [kind],
  summary: `Export every ${what} the list's filters match, in its order, as CSV or XLSX (streamed)`,
  description:
    "The list's filters and sort, no paging, plus `format` (csv or xlsx) and `tz` (the IANA time zone " +
    'dates are written in; UTC when absent). Columns and headers in the request language ' +
    '(Accept-Language). CSV: UTF-8 with a BOM, `;` and a decimal comma in pt-BR and es, `,` and a ' +
    'decimal point in en. A text cell starting with = + - @ tab or CR is prefixed with an apostrophe. ' +
    'A client that reads nothing for 30 s is cut off.',
  response: {
    200: z.string().describe('text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    ...recordRouteErrors,
    // The user already runs 2 exports or imports, or the process as many as it serves at once.
    429: errorResponseSchema,
  },
});

type ExportQuery = { format: ExportFormat; tz?: string | undefined };

/** One kind's export: what its rows are called, its query and the select that query makes. */
type ExportDefinition = {
  what: string;
  querystring: z.ZodType<ExportQuery>;
  sheetOf: (db: App['db'], query: ExportQuery, labels: ExportLabels) => ExportSheet;
};

/** `sheetOf` gets the query its own schema validated. */
const exportDefinition = <Query extends ExportQuery>(
  what: string,
  querystring: z.ZodType<Query>,
  sheetOf: (db: App['db'], query: Query, labels: ExportLabels) => ExportSheet,
): ExportDefinition => ({
  what,
  querystring,
  sheetOf: (db, query, labels) => sheetOf(db, query as Query, labels),
});

const EXPORTS: Record<SpreadsheetKind, ExportDefinition> = {
  leads: exportDefinition('lead', leadExportQuerySchema, leadExportSheet),
  brands: exportDefinition('brand', brandExportQuerySchema, brandExportSheet),
  contacts: exportDefinition('contact', contactExportQuerySchema, contactExportSheet),
  offerings: exportDefinition('offering of the prospectus', offeringExportQuerySchema, offeringExportSheet),
};

/** The kind of records an `exportRoutes` registration serves. */
export type ExportRoutesOptions = { kind: SpreadsheetKind };

/**
 * GET /export, registered under each kind's own path: /api/leads/export, /api/brands/export,
 * /api/contacts/export and /api/offerings/export (docs/api.md, Spreadsheets).
 */
export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesOptions> = async (app, { kind }) => {
  // Closing lets the downloads under way finish for a while, then cuts those still going (the
  // client sees an incomplete answer); each one's cursor closes with its body.
  const downloads = new Set<Readable>();
  let cutAfterGrace: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    if (downloads.size === 0) return;
    cutAfterGrace = setTimeout(() => {
      for (const body of downloads)
        body.destroy(new Error('export: the app closed before the download ended'));
    }, CLOSE_GRACE_MS);
    cutAfterGrace.unref();
  });
  app.addHook('onClose', async () => clearTimeout(cutAfterGrace));

  const { what, querystring, sheetOf } = EXPORTS[kind];
  app.get(
    '/export',
    { config: { access: 'authenticated' }, schema: { ...exportSchema(kind, what), querystring } },
    async (request, reply) => {
      const query = request.query as ExportQuery;
      return sendExport(
        app,
        downloads,
        request,
        reply,
        sheetOf(app.db, query, exportLabels(request.t)),
        query,
      );
    },
  );
};

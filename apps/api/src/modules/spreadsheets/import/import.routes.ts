import multipart from '@fastify/multipart';
import {
  errorResponseSchema,
  IMPORT_MAX_BYTES,
  importOptionsSchema,
  importResultSchema,
  issueMessageKey,
  type Permission,
  type SpreadsheetKind,
} from '@funil/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { operationId } from '../../../lib/operation-id';
import { watchForStall } from '../../../lib/stall-watch';
import { translateFor } from '../../../plugins/errors';
import { bulkDatabase } from '../bulk-database';
import { parseMapping } from './header-mapping';
import { importAnswer, importSpreadsheet } from './import.service';

const OPTION_FIELDS = ['dry_run', 'on_duplicate', 'mapping'] as const;

/** Text fields a form may send beside the file (the options, and a few a client might add). */
const MAX_FIELDS = 10;
/** The mapping's limit (20,000 characters, up to 4 bytes each), with room to spare. */
const MAX_FIELD_BYTES = 100_000;

/** The uploaded file: its bytes, and the name and type its client gave it. */
type UploadedFile = { bytes: Buffer; filename: string; mimetype: string };

type Upload = { file: UploadedFile | undefined; fields: Record<string, string> };

/**
 * The multipart body: the `file` part buffered (10 MB at most: 413 beyond) with its name and
 * type, the text fields kept, in whichever order they come. Other file parts are drained and
 * ignored.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { file: undefined, fields: {} };
  if (!request.isMultipart()) return upload;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && upload.file === undefined)
          upload.file = { bytes: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
        else part.file.resume();
      } else if (!Object.hasOwn(upload.fields, part.fieldname)) {
        if (part.valueTruncated && part.fieldname === 'mapping')
          throw new AppError(400, 'validation:spreadsheet.mapping_invalid', { field: 'mapping' });
        // A field sent as application/json arrives parsed: the mapping is read from its text.
        upload.fields[part.fieldname] =
          typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'errors:spreadsheet.too_large', { cause: error });
    if (code === 'FST_INVALID_JSON_FIELD_ERROR')
      throw new AppError(400, 'validation:spreadsheet.mapping_invalid', { field: 'mapping', cause: error });
    // Anything else is a malformed upload (cut off, too many parts, a field named __proto__).
    throw new AppError(400, 'errors:bad_request', { cause: error });
  }
  return upload;
}

/**
 * The upload, read while its client keeps sending: a client that sends nothing for `idleMs`
 * before the body is complete is cut off (its socket destroyed, so the read fails), so a stalled
 * upload cannot hold an import's slot for ever.
 */
async function readUploadWithin(request: FastifyRequest, idleMs: number): Promise<Upload> {
  const stopWatching = watchForStall({
    limitMs: idleMs,
    progress: () => request.raw.socket?.bytesRead ?? 0,
    waitingOnPeer: () => !request.raw.complete,
    onStall: () => request.raw.destroy(new Error('import: the client sent nothing for the idle limit')),
  });
  try {
    return await readUpload(request);
  } finally {
    stopWatching();
  }
}

/** The options: the query's, each overridden by a multipart field of the same name. */
function readOptions(request: FastifyRequest, fields: Record<string, string>) {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const raw: Record<string, string> = {};
  for (const name of OPTION_FIELDS) {
    const value = Object.hasOwn(fields, name) ? fields[name] : (query.get(name) ?? undefined);
    if (value !== undefined) raw[name] = value;
  }
  const parsed = importOptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const { key } = issueMessageKey(issue ?? {});
    throw new AppError(400, key, { field: String(issue?.path[0] ?? '') });
  }
  return parsed.data;
}

const SUMMARY: Record<SpreadsheetKind, string> = {
  brands: 'Import brands with their principal contact from a CSV or XLSX',
  leads: 'Import opportunities from a CSV or XLSX',
  contacts: 'Import contacts from a CSV or XLSX',
  offerings: "Import the prospectus's offerings from a CSV or XLSX",
};

/**
 * Who may import each kind: anyone signed in may bring brands, contacts and opportunities in; the
 * prospectus is written by those who may edit it.
 */
const ACCESS: Record<SpreadsheetKind, 'authenticated' | Permission> = {
  brands: 'authenticated',
  leads: 'authenticated',
  contacts: 'authenticated',
  offerings: 'prospectus.write',
};

/** The kind of records an `importRoutes` registration brings in. */
export type ImportRoutesOptions = { kind: SpreadsheetKind };

/**
 * POST /import, registered under each kind's own path (/api/brands/import, /api/leads/import,
 * /api/contacts/import, /api/offerings/import): multipart, a `file` (CSV or XLSX, 10 MB, 10,000
 * rows) and the options `mapping`, `dry_run` (default true) and `on_duplicate` (skip | update),
 * as fields or query parameters. Its own multipart registration (this plugin's limits; the
 * brands' picture upload keeps its own). Each import holds a bulk slot (429 beyond) and reads
 * and writes through the bulk pool.
 */
export const importRoutes: FastifyPluginAsyncZod<ImportRoutesOptions> = async (app, { kind }) => {
  const bulkDb = bulkDatabase(app.dbHandle);
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_MAX_BYTES,
      files: 1,
      fields: MAX_FIELDS,
      parts: MAX_FIELDS + 1,
      fieldSize: MAX_FIELD_BYTES,
    },
  });

  app.post(
    '/import',
    {
      config: { access: ACCESS[kind] },
      schema: {
        operationId: operationId('import', kind),
        tags: [kind],
        summary: `${SUMMARY[kind]}: multipart, a "file" field and the options as fields or query parameters`,
        consumes: ['multipart/form-data'],
        querystring: importOptionsSchema,
        response: {
          200: importResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
          // The user already runs 2 exports or imports, or the process as many as it serves at once.
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const userId = request.user?.id;
      if (!userId) throw new Error('an authenticated route ran without its user');
      // Before the upload is read: one import too many is refused at once, its file unread.
      const release = app.bulkSlots.take(userId);
      try {
        const { file, fields } = await readUploadWithin(request, app.bulkSlots.idleMs);
        if (file === undefined) throw new AppError(400, 'errors:spreadsheet.file_required');
        const options = readOptions(request, fields);
        const mapping = parseMapping(kind, options.mapping);
        if (mapping === null)
          throw new AppError(400, 'validation:spreadsheet.mapping_invalid', { field: 'mapping' });
        const outcome = await importSpreadsheet(bulkDb, {
          kind,
          file: file.bytes,
          declared: { filename: file.filename, mimetype: file.mimetype },
          mapping,
          dryRun: options.dry_run,
          onDuplicate: options.on_duplicate,
          userId,
        });
        return importAnswer(outcome, translateFor(request));
      } finally {
        // The work is over, whatever became of it (and of the client): the slot is free again.
        release();
      }
    },
  );
};

import {
  IMPORT_FIELDS,
  type ImportDuplicatePolicy,
  type ImportResult,
  type SpreadsheetKind,
} from '@funil/shared';
import type { Database } from '../../../db/client';
import { writeAs } from '../../../db/write-as';
import { AppError } from '../../../lib/app-error';
import type { Translate } from '../../../lib/i18n';
import { brandImporter } from './brand-rows';
import { contactImporter } from './contact-rows';
import { type ColumnMapping, mapColumns } from './header-mapping';
import { type KindImporter, type PlannedRow, readRows, type RowIssue, skipped } from './import-rows';
import { leadImporter } from './lead-rows';
import { offeringImporter } from './offering-rows';
import { type DeclaredFile, readSpreadsheet } from './read-file';
import { writeRefusingRows } from './refused-rows';

const IMPORTERS: Record<SpreadsheetKind, KindImporter<unknown>> = {
  brands: brandImporter as KindImporter<unknown>,
  leads: leadImporter as KindImporter<unknown>,
  contacts: contactImporter as KindImporter<unknown>,
  offerings: offeringImporter as KindImporter<unknown>,
};

export type ImportRequest = {
  kind: SpreadsheetKind;
  file: Buffer;
  /** The upload's file name and type: a file that says it is an XLSX and is not one is told so. */
  declared?: DeclaredFile;
  mapping: ColumnMapping;
  dryRun: boolean;
  onDuplicate: ImportDuplicatePolicy;
  userId: string | null;
};

/** The answer before translation: every message is still an i18n key. */
export type ImportOutcome = {
  dryRun: boolean;
  columns: ImportResult['columns'];
  /** Each row's plan, with the name a person knows its record by. */
  rows: (PlannedRow<unknown> & { name: string | null })[];
};

/**
 * POST /api/{brands,leads,contacts,offerings}/import. The file is read and each column mapped; every row
 * is then planned (validated by the API's schemas, its references and duplicates looked up with
 * a few set-based queries). A dry run stops there and writes nothing. Otherwise the rows are
 * planned again inside one transaction (what the database holds may have changed since a dry
 * run) and every valid row is written in it, through writeAs so that each live-update event
 * names the importer: all or nothing, except the rows the database refuses for themselves (a quota
 * of the prospectus sold out, an offering below its holders: refused-rows.ts), which are skipped
 * with the API's message while the others are written. A row equal to what Funil holds is
 * `unchanged`: nothing of it is written, so no record's updatedAt moves and no event is sent for it.
 */
export async function importSpreadsheet(db: Database, request: ImportRequest): Promise<ImportOutcome> {
  const sheet = await readSpreadsheet(request.file, request.declared);
  const columnFields = mapColumns(request.kind, sheet.headers, request.mapping);
  if (columnFields.every((field) => field === null))
    throw new AppError(400, 'errors:spreadsheet.no_known_column');
  const rows = readRows(sheet, columnFields);
  const importer = IMPORTERS[request.kind];
  const context = { onDuplicate: request.onDuplicate, delimiter: sheet.delimiter };
  // A row that does not line up with the header has its values in the wrong columns: it is
  // skipped for that alone, never validated (its shifted cells would only add false problems).
  const misaligned = rows.filter((row) => row.issues.some((issue) => issue.field === null));
  const misalignedSet = new Set(misaligned);
  const plannable = rows.filter((row) => !misalignedSet.has(row));
  const planRows = (database: Database) => importer.plan(database, plannable, context);
  const plannedRows = request.dryRun
    ? await planRows(db)
    : await writeAs(db, request.userId, async (tx) => {
        const plan = await planRows(tx);
        const refused = await writeRefusingRows(tx, importer, plan, { userId: request.userId });
        return plan.map((row) => {
          const refusal = refused.get(row);
          return refusal === undefined
            ? row
            : { line: row.line, values: row.values, issues: [refusal], action: 'skip' as const };
        });
      });
  const planned = [...plannedRows, ...misaligned.map((row) => skipped<unknown>(row, row.issues))].sort(
    (a, b) => a.line - b.line,
  );
  // A row's issues in the order of the kind's fields, so its first issue is the first a reader meets.
  const order = IMPORT_FIELDS[request.kind] as readonly string[];
  const rank = (issue: RowIssue) => (issue.field === null ? -1 : order.indexOf(issue.field));
  for (const row of planned) row.issues.sort((a, b) => rank(a) - rank(b));
  const rowByLine = new Map(rows.map((row) => [row.line, row]));
  return {
    dryRun: request.dryRun,
    columns: sheet.headers.map((header, index) => ({ header, field: columnFields[index] ?? null })),
    rows: planned.map((plannedRow) => {
      const row = rowByLine.get(plannedRow.line);
      return { ...plannedRow, name: row ? importer.nameOf(row) : null };
    }),
  };
}

/**
 * What of a row was not written: the whole row when it is skipped; only its principal contact
 * when the row is written with issues (a brand row whose contact is incomplete or invalid); null
 * when all of it was.
 */
const skippedPart = (row: PlannedRow<unknown>): 'row' | 'contact' | null =>
  row.action === 'skip' ? 'row' : row.issues.length > 0 ? 'contact' : null;

/** The answer in the request's language (importResultSchema). */
export function importAnswer(outcome: ImportOutcome, t: Translate): ImportResult {
  const message = (issue: RowIssue) => ({ field: issue.field, message: t(issue.key, issue.params) });
  const count = (action: string) => outcome.rows.filter((row) => row.action === action).length;
  const skipped = outcome.rows.flatMap((row) => {
    const part = skippedPart(row);
    if (part === null) return [];
    const [first] = row.issues;
    return [
      {
        row: row.line,
        ...(first ? message(first) : { field: null, message: '' }),
        part,
        name: row.name,
        issues: row.issues.map(message),
      },
    ];
  });
  return {
    dry_run: outcome.dryRun,
    rows: outcome.rows.length,
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    contacts_skipped: skipped.filter((row) => row.part === 'contact').length,
    skipped,
    columns: outcome.columns,
    preview: outcome.rows.map((row) => ({
      row: row.line,
      action: row.action,
      values: row.values,
      issues: row.issues.map(message),
    })),
  };
}

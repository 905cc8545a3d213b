import type { Database } from '../../../db/client';
import { answerForDatabaseError } from '../../../lib/db-errors';
import type { KindImporter, PlannedRow, RowIssue, WriteContext } from './import-rows';

/**
 * The database's refusals that are about one row and leave the others writable: a unit of the
 * prospectus the row would take when none is left ("Cota esgotada: …", also an offering re-activated
 * over its holders), an offering given fewer units than the opportunities holding it ("Já há N
 * oportunidades com esta cota") and an offering someone else added meanwhile ("Esta cota já está no
 * prospecto"). The plan cannot foresee them: they depend on every other writer.
 */
const ROW_REFUSALS = new Set([
  'errors:offerings.sold_out',
  'errors:offerings.sold_out_regional',
  'errors:offerings.holders_exceed',
  'errors:offerings.duplicate',
]);

/** The issue a refused write gives its row (the answer the API gives the same refusal), or undefined. */
export function rowRefusal(error: unknown): Omit<RowIssue, 'field'> | undefined {
  const answer = answerForDatabaseError(error);
  if (answer === undefined || !ROW_REFUSALS.has(answer.key)) return undefined;
  const { key, params } = answer;
  return Object.keys(params).length > 0 ? { key, params } : { key };
}

type Refused<W> = Map<PlannedRow<W>, RowIssue>;

/**
 * Writes the planned rows inside the import's transaction, leaving out the ones the database
 * refuses for themselves (rowRefusal): the rows are written together under a savepoint; when a
 * refusal rolls it back, each half is tried again under its own, down to the single row that is
 * refused. The rows that go in are the file's first ones (a file of 3 opportunities for an
 * offering with 2 units left writes the first 2), each refused row costs about twice the log of
 * the row count in statements, and a file the database takes whole costs one savepoint. Any other
 * failure ends the import as before. Answers the refused rows, each with its issue (on the field
 * `fieldOf` names for it).
 */
export async function writeRefusingRows<W>(
  tx: Database,
  importer: KindImporter<W>,
  planned: readonly PlannedRow<W>[],
  context: WriteContext,
): Promise<Refused<W>> {
  const refused: Refused<W> = new Map();
  const attempt = async (rows: readonly PlannedRow<W>[]): Promise<void> => {
    try {
      await tx.transaction((savepoint) =>
        importer.write(
          savepoint,
          rows.map((row) => row.write as W),
          context,
        ),
      );
    } catch (error) {
      const refusal = rowRefusal(error);
      if (refusal === undefined) throw error;
      const [only] = rows;
      if (rows.length === 1 && only) {
        refused.set(only, { field: importer.refusedField?.(refusal.key) ?? null, ...refusal });
        return;
      }
      const half = Math.ceil(rows.length / 2);
      await attempt(rows.slice(0, half));
      await attempt(rows.slice(half));
    }
  };
  const writes = planned.filter((row) => row.write !== undefined);
  if (writes.length > 0) await attempt(writes);
  return refused;
}

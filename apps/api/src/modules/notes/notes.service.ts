import {
  mayDeleteNote,
  mayEditNote,
  type Note,
  type NoteCreate,
  type NoteListQuery,
  type NoteUpdate,
  workActor,
} from '@funil/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstNumber, readRows } from '../../db/read-rows';
import { notes, users } from '../../db/schema';
import { writeAs } from '../../db/write-as';
import { AppError } from '../../lib/app-error';
import { type ColumnNames, patchColumns } from '../../lib/patch-columns';
import { type ListPage, paginate } from '../../lib/pagination';
import { assertRecordExists, holdExistingRecord, type RecordType } from '../records/record-exists';
import type { UserRecord } from '../users/user-record';
import { enqueueMentionMails } from './mention-jobs';
import { getNotesByIds, selectNotes } from './note-select';

/** What a note belongs to: an opportunity or a brand. */
export type NoteRecord = { type: RecordType; id: string };

/** The column each editable field of a note is written to. */
const noteColumns = {
  body: 'body',
  mentions: 'mentions',
} as const satisfies ColumnNames<NoteUpdate, keyof typeof notes.$inferInsert>;

const recordColumn = (record: NoteRecord) => (record.type === 'lead' ? notes.leadId : notes.brandId);

const noteNotFound = () => new AppError(404, 'errors:not_found.note');

/** A record's notes, newest first. */
export async function listNotes(
  db: Database,
  record: NoteRecord,
  query: NoteListQuery,
): Promise<ListPage<Note>> {
  await assertRecordExists(db, record.type, record.id);
  const values = { record_id: record.id };
  return paginate(
    query,
    () =>
      readRows(
        db,
        `note_count|${record.type}`,
        () => ({
          query: db
            .select({ total: count() })
            .from(notes)
            .where(eq(recordColumn(record), sql.placeholder('record_id'))),
          mapRows: firstNumber,
        }),
        values,
      ),
    (window) =>
      readRows(
        db,
        `note_page|${record.type}`,
        () => {
          const { query: select, toNotes } = selectNotes(db);
          return {
            query: select
              .where(eq(recordColumn(record), sql.placeholder('record_id')))
              .orderBy(desc(notes.createdAt), desc(notes.id))
              .limit(sql.placeholder('limit'))
              .offset(sql.placeholder('offset')),
            mapRows: toNotes,
          };
        },
        { ...values, limit: window?.limit ?? 100, offset: window?.offset ?? 0 },
      ),
  );
}

/** Every id must name an active user; one that does not is a 400 on `mentions`. */
async function assertActiveUsers(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true)));
  if (found.length !== ids.length) {
    throw new AppError(400, 'validation:note.mention_unknown', { field: 'mentions' });
  }
}

async function getNote(db: Database, id: string): Promise<Note> {
  const [note] = await getNotesByIds(db, [id]);
  if (!note) throw noteNotFound();
  return note;
}

/**
 * Writes the note and, in the same transaction, one email job per person it names (but its
 * author): the email leaves once the note is committed, by whichever process runs the job. The
 * record is checked, and held, in that transaction: one deleted meanwhile is the record's 404,
 * and a delete that comes after the check waits and then takes the note along.
 */
export async function createNote(
  db: Database,
  record: NoteRecord,
  input: NoteCreate,
  author: UserRecord,
): Promise<Note> {
  return writeAs(db, author.id, async (tx) => {
    await holdExistingRecord(tx, record.type, record.id);
    await assertActiveUsers(tx, input.mentions);
    const [row] = await tx
      .insert(notes)
      .values({
        body: input.body,
        mentions: input.mentions,
        authorId: author.id,
        leadId: record.type === 'lead' ? record.id : null,
        brandId: record.type === 'brand' ? record.id : null,
      })
      .returning({ id: notes.id });
    if (!row) throw new Error('note insert returned no row');
    await enqueueMentionMails(
      tx,
      row.id,
      input.mentions.filter((userId) => userId !== author.id),
    );
    // Read in the transaction: the answer is the note as written, even when a delete of its
    // record, waiting on this one, takes it away right after.
    return getNote(tx, row.id);
  });
}

/** Only the author edits a note; people newly named in it get their email, the others none again. */
export async function updateNote(
  db: Database,
  id: string,
  input: NoteUpdate,
  editor: UserRecord,
): Promise<Note> {
  if (input.mentions) await assertActiveUsers(db, input.mentions);
  return writeAs(db, editor.id, async (tx) => {
    const [current] = await tx
      .select({ authorId: notes.authorId, mentions: sql<string[]>`${notes.mentions}::text[]` })
      .from(notes)
      .where(eq(notes.id, id))
      .for('no key update');
    if (!current) throw noteNotFound();
    if (!mayEditNote(workActor(editor), current.authorId))
      throw new AppError(403, 'errors:notes.author_only');
    if (input.body === undefined && input.mentions === undefined) return getNote(tx, id);
    await tx
      .update(notes)
      .set({ ...patchColumns(input, noteColumns), updatedAt: sql`now()` })
      .where(eq(notes.id, id));
    const before = new Set(current.mentions);
    const added = (input.mentions ?? []).filter((userId) => !before.has(userId) && userId !== editor.id);
    await enqueueMentionMails(tx, id, added);
    return getNote(tx, id);
  });
}

/** The author, an admin or a manager deletes a note. */
export async function deleteNote(db: Database, id: string, user: UserRecord): Promise<void> {
  await writeAs(db, user.id, async (tx) => {
    const [current] = await tx
      .select({ authorId: notes.authorId })
      .from(notes)
      .where(eq(notes.id, id))
      .for('no key update');
    if (!current) throw noteNotFound();
    if (!mayDeleteNote(workActor(user), current.authorId)) {
      throw new AppError(403, 'errors:notes.delete_denied');
    }
    await tx.delete(notes).where(eq(notes.id, id));
  });
}

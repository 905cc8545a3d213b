import type { Note } from '@funil/shared';
import { eq, sql } from 'drizzle-orm';
import { defineShape, isoTimestamp, nullableShape } from '../../db/answer-shape';
import { isAnyIdOfJson } from '../../db/any-of-json';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { notes, users } from '../../db/schema';

/** The people a note names, in the order given, as `{id, _id, name, email}` (deleted users left out). */
const mentionedUsers = sql`coalesce((
  select json_agg(json_build_object('id', mentioned.id, '_id', mentioned.id, 'name', mentioned.name, 'email', mentioned.email)
    order by array_position(${notes.mentions}, mentioned.id))
  from ${users} mentioned where mentioned.id = any(${notes.mentions})), '[]'::json)`;

/** The API's note, its author embedded. */
export const noteShape = defineShape<Note, []>(() => ({
  id: notes.id,
  _id: notes.id,
  body: notes.body,
  mentions: sql`${notes.mentions}::text[]`,
  mentioned_users: mentionedUsers,
  author: nullableShape(users.id, { id: users.id, _id: users.id, name: users.name, email: users.email }),
  lead_id: notes.leadId,
  brand_id: notes.brandId,
  createdAt: isoTimestamp(notes.createdAt),
  updatedAt: isoTimestamp(notes.updatedAt),
}));

/** Notes with their authors, for a list or a lookup to add its WHERE and ORDER BY to. */
export function selectNotes(db: Database) {
  const shape = noteShape();
  return {
    query: db.select(shape.columns).from(notes).leftJoin(users, eq(users.id, notes.authorId)).$dynamic(),
    toNotes: (rows: unknown[][]) => rows.map(shape.toAnswer),
  };
}

/** The notes with these ids (missing ones are absent), as `GET` answers each. */
export function getNotesByIds(db: Database, ids: readonly string[]): Promise<Note[]> {
  return readRows(
    db,
    'notes_by_ids',
    () => {
      const { query, toNotes } = selectNotes(db);
      return { query: query.where(isAnyIdOfJson(notes.id, sql.placeholder('ids'))), mapRows: toNotes };
    },
    { ids: JSON.stringify(ids) },
  );
}

import { z } from 'zod';
import { limitParam, pageParam } from './common';

export const NOTE_BODY_MAX_LENGTH = 10_000;
/** More than this many people named in one note is not a conversation but a broadcast. */
export const NOTE_MENTIONS_MAX = 50;

/** The note's text: trimmed, 1 to 10,000 characters; stored and shown as plain text. */
export const noteBodySchema = z
  .string('validation:note.body_required')
  .trim()
  .min(1, 'validation:note.body_required')
  .max(NOTE_BODY_MAX_LENGTH, 'validation:note.body_too_long');

/** The people the note names: ids of active users (checked by the API); repeated ids count once. */
export const noteMentionsSchema = z
  .array(z.guid('validation:note.mention_unknown'), 'validation:note.mention_unknown')
  .max(NOTE_MENTIONS_MAX, 'validation:note.mentions_too_many')
  .transform((ids) => [...new Set(ids)]);

/** `POST /api/leads/:id/notes` and `POST /api/brands/:id/notes`. Unknown fields: 400. */
export const noteCreateSchema = z.strictObject({
  body: noteBodySchema,
  mentions: noteMentionsSchema.default([]),
});
export type NoteCreateInput = z.input<typeof noteCreateSchema>;
export type NoteCreate = z.output<typeof noteCreateSchema>;

/** `PATCH /api/notes/:id` (the author only): the text, the mentions, or both. */
export const noteUpdateSchema = z.strictObject({
  body: noteBodySchema.optional(),
  mentions: noteMentionsSchema.optional(),
});
export type NoteUpdateInput = z.input<typeof noteUpdateSchema>;
export type NoteUpdate = z.output<typeof noteUpdateSchema>;

/** A note's list: newest first, `page` and `limit` as every list. */
export const noteListQuerySchema = z.object({ page: pageParam, limit: limitParam });
export type NoteListQuery = z.output<typeof noteListQuerySchema>;

export const userReferenceSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type UserReference = z.infer<typeof userReferenceSchema>;

export const noteSchema = z.object({
  id: z.string(),
  _id: z.string(),
  body: z.string(),
  /** The ids of the people the note names, as sent. */
  mentions: z.array(z.string()),
  /** The same people, to show their names (a user deleted since is left out). */
  mentioned_users: z.array(userReferenceSchema),
  /** Null once the author's account is deleted. */
  author: userReferenceSchema.nullable(),
  lead_id: z.string().nullable(),
  brand_id: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteListResponseSchema = z.object({
  data: z.array(noteSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type NoteListResponse = z.infer<typeof noteListResponseSchema>;

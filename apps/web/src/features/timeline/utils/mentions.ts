/** A person a note names: the id sent in `mentions` and the name written as "@Name" in the text. */
export type MentionedUser = { id: string; name: string };

/** The "@..." being typed at the caret: where its "@" stands and the letters after it. */
export type MentionQuery = { start: number; query: string };

/** At most this many people offered at once. */
export const MENTION_SUGGESTIONS_MAX = 8;

/**
 * What may follow the "@": a letter (any script, with accents), then words separated by one space.
 * Never a space last: "@Ana Souza " just picked is a finished mention, not a new search.
 */
const QUERY_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}\p{N}'.-]*(?: [\p{L}\p{M}\p{N}'.-]+)*$/u;
const QUERY_MAX_LENGTH = 40;

/**
 * The mention being typed at `caret`: an "@" at the start of the text or after a space or a line
 * break, followed by at least one letter and no line break. Null when the caret is anywhere else.
 */
export function findMentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1]!)) return null;
  const query = before.slice(at + 1);
  if (query.length === 0 || query.length > QUERY_MAX_LENGTH || !QUERY_PATTERN.test(query)) return null;
  return { start: at, query };
}

/** Lower case and without accents: "Jose" finds "José". */
export const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');

/**
 * The people whose name (or any word of it from the start, or the email) begins with the query,
 * the ones whose whole name begins with it first, in the list's order otherwise.
 */
export function matchUsers<T extends { name: string; email?: string }>(
  users: readonly T[],
  query: string,
): T[] {
  const wanted = foldText(query.trim());
  if (!wanted) return [];
  const first: T[] = [];
  const then: T[] = [];
  for (const user of users) {
    const name = foldText(user.name);
    if (name.startsWith(wanted)) first.push(user);
    else if (
      name.split(/\s+/).some((_, index, words) => words.slice(index).join(' ').startsWith(wanted)) ||
      (user.email !== undefined && foldText(user.email).startsWith(wanted))
    )
      then.push(user);
  }
  return [...first, ...then].slice(0, MENTION_SUGGESTIONS_MAX);
}

/**
 * The text with the mention being typed (from its "@" to the caret) replaced by "@Name " and the
 * caret after it.
 */
export function insertMention(
  text: string,
  mention: MentionQuery,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, mention.start) + inserted + after, caret: mention.start + inserted.length };
}

/** Whether "@Name" stands in the text as a whole mention (not the start of a longer word). */
export function containsMention(text: string, name: string): boolean {
  const token = `@${name}`;
  let from = 0;
  for (;;) {
    const index = text.indexOf(token, from);
    if (index < 0) return false;
    const next = text[index + token.length];
    if (next === undefined || !/[\p{L}\p{M}\p{N}]/u.test(next)) return true;
    from = index + 1;
  }
}

/**
 * The ids to send: each person picked whose "@Name" is still in the text (one deleted from the text
 * is no longer mentioned), once each.
 */
export function keptMentionIds(text: string, picked: readonly MentionedUser[]): string[] {
  const ids = picked.filter((user) => containsMention(text, user.name)).map((user) => user.id);
  return [...new Set(ids)];
}

/** A run of a note's text: plain, or one "@Name" of a person it mentions. */
export type NoteSegment = { text: string; user?: MentionedUser };

/**
 * The note's text cut into plain runs and mentions, for showing the "@Name" of each person the
 * note mentions highlighted. Longer names are tried first, so "@Ana Souza" wins over "@Ana".
 */
export function splitMentions(body: string, users: readonly MentionedUser[]): NoteSegment[] {
  const named = [...users].filter((user) => user.name).sort((a, b) => b.name.length - a.name.length);
  const segments: NoteSegment[] = [];
  let plain = '';
  let index = 0;
  while (index < body.length) {
    const user =
      body[index] === '@'
        ? named.find((candidate) => {
            const end = index + 1 + candidate.name.length;
            if (body.slice(index + 1, end) !== candidate.name) return false;
            const next = body[end];
            return next === undefined || !/[\p{L}\p{M}\p{N}]/u.test(next);
          })
        : undefined;
    if (user) {
      if (plain) segments.push({ text: plain });
      plain = '';
      segments.push({ text: `@${user.name}`, user });
      index += user.name.length + 1;
    } else {
      plain += body[index];
      index += 1;
    }
  }
  if (plain) segments.push({ text: plain });
  return segments;
}

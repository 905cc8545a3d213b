import {
  type Note,
  noteSchema,
  type TimelineEntry,
  timelineEntrySchema,
  type TimelineResponse,
  timelineResponseSchema,
} from '@funil/shared';
import { apiUser, fixtureId } from '@/test/api-fixtures';

export const AT = '2026-03-02T12:00:00.000Z';

export const ANA = apiUser({
  id: fixtureId(101),
  name: 'Ana Souza',
  email: 'ana@funil.demo',
  roles: ['comercial'],
});
export const BRUNO = apiUser({
  id: fixtureId(102),
  name: 'Bruno Andrade',
  email: 'bruno@funil.demo',
  roles: ['comercial'],
});
export const CARLA = apiUser({
  id: fixtureId(103),
  name: 'Carla Lima',
  email: 'carla@funil.demo',
  roles: ['manager'],
});
export const INACTIVE = apiUser({
  id: fixtureId(104),
  name: 'Antônio Velho',
  email: 'antonio@funil.demo',
  isActive: false,
});
export const USERS = [ANA, BRUNO, CARLA, INACTIVE];

export const LEAD_ID = fixtureId(700);
export const ref = (user: { id: string; name: string; email: string }) => ({
  id: user.id,
  _id: user.id,
  name: user.name,
  email: user.email,
});

export function apiNote(n: number, overrides: Partial<Note> = {}): Note {
  return noteSchema.parse({
    id: fixtureId(5000 + n),
    _id: fixtureId(5000 + n),
    body: `Nota ${n}`,
    mentions: [],
    mentioned_users: [],
    author: ref(ANA),
    lead_id: LEAD_ID,
    brand_id: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  });
}

export function noteEntry(note: Note): TimelineEntry {
  return timelineEntrySchema.parse({
    id: `note:${note.id}`,
    kind: 'note',
    at: note.createdAt,
    by: note.author && { id: note.author.id, _id: note.author.id, name: note.author.name },
    lead: { id: LEAD_ID, assessment: 'Q1 2026' },
    note,
  });
}

export function statusEntry(n: number, overrides: Partial<TimelineEntry> = {}): TimelineEntry {
  return timelineEntrySchema.parse({
    id: `status:${fixtureId(9000 + n)}`,
    kind: 'status',
    at: AT,
    by: { id: ANA.id, _id: ANA.id, name: ANA.name },
    lead: { id: LEAD_ID, assessment: 'Q1 2026' },
    from_status: 'frio',
    to_status: 'quente',
    reason: null,
    ...overrides,
  });
}

export function timelinePage(entries: TimelineEntry[], nextCursor: string | null = null): TimelineResponse {
  return timelineResponseSchema.parse({
    data: entries,
    total: entries.length,
    page: 1,
    limit: 20,
    next_cursor: nextCursor,
  });
}

export const usersList = { data: USERS, total: USERS.length, page: 1, limit: USERS.length };

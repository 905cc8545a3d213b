import { contactSchema, type LiveEvent } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { apiContact, apiList } from '@/test/api-fixtures';
import { applyLiveEventsToContacts } from './contact-live';

const by = { id: 'ana-id', name: 'Ana' };
const at = '2026-11-24T12:00:00.000Z';
const brandId = '00000000-0000-4000-8000-0000000000b1';

describe('contact live patch', () => {
  const older = apiContact('Ana', {
    id: '00000000-0000-4000-8000-0000000000c1',
    brand_id: brandId,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  const list = apiList(contactSchema, [older]);

  it('adds a new contact in the list’s order, replaces an edited one and drops a deleted one', () => {
    const newer = apiContact('Bia', {
      id: '00000000-0000-4000-8000-0000000000c2',
      brand_id: brandId,
      createdAt: '2026-02-01T00:00:00.000Z',
    });
    const events: LiveEvent[] = [
      { type: 'contact.created', id: newer.id, by, at, record: newer },
      { type: 'contact.updated', id: older.id, by, at, record: { ...older, position: 'CMO' } },
    ];
    const { list: after, stale } = applyLiveEventsToContacts(list, brandId, events);
    expect(stale).toBe(false);
    expect(after.data.map((contact) => contact.first_name)).toEqual(['Bia', 'Ana']);
    expect(after.data[1]!.position).toBe('CMO');
    expect(after.total).toBe(2);
    const removed = applyLiveEventsToContacts(after, brandId, [
      { type: 'contact.deleted', id: newer.id, by, at },
    ]);
    expect(removed.list.data.map((contact) => contact.first_name)).toEqual(['Ana']);
    expect(removed.list.total).toBe(1);
  });

  it('leaves other brands’ contacts out, and reads the list again for a change without its record', () => {
    const other = apiContact('Caio', { id: '00000000-0000-4000-8000-0000000000c3', brand_id: 'another' });
    expect(
      applyLiveEventsToContacts(list, brandId, [
        { type: 'contact.created', id: other.id, by, at, record: other },
      ]).list,
    ).toBe(list);
    expect(
      applyLiveEventsToContacts(list, brandId, [{ type: 'contact.updated', id: older.id, by, at }]).stale,
    ).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { bulkSlots } from './bulk-slots';

const busy = { statusCode: 429, key: 'errors:spreadsheet.busy', headers: { 'retry-after': '10' } };

describe('bulkSlots', () => {
  it("refuses a user's slot beyond their limit and any slot beyond the process's, at once", () => {
    const slots = bulkSlots({ perUser: 2, total: 3, idleMs: 1_000 });
    const ana = [slots.take('ana'), slots.take('ana')];
    expect(() => slots.take('ana')).toThrow(expect.objectContaining(busy));
    const bruno = slots.take('bruno');
    expect(slots.inUse()).toBe(3);
    expect(() => slots.take('carla')).toThrow(expect.objectContaining(busy));

    ana[0]?.();
    expect(slots.inUse()).toBe(2);
    // Freed by Ana, taken by whoever asks next.
    const carla = slots.take('carla');
    expect(() => slots.take('ana')).toThrow(expect.objectContaining(busy));
    for (const release of [ana[1], bruno, carla]) release?.();
    expect(slots.inUse()).toBe(0);
    expect(() => [slots.take('ana'), slots.take('ana')]).not.toThrow();
  });

  it('gives a slot back once, however many times its release runs', () => {
    const slots = bulkSlots({ perUser: 1, total: 2, idleMs: 1_000 });
    const release = slots.take('ana');
    const other = slots.take('bruno');
    release();
    release();
    expect(slots.inUse()).toBe(1);
    // Bruno's slot is still counted: a second release of Ana's did not free it.
    expect(() => slots.take('bruno')).toThrow(expect.objectContaining(busy));
    other();
    expect(slots.inUse()).toBe(0);
  });
});

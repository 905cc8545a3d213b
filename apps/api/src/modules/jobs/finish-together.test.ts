import { describe, expect, it } from 'vitest';
import { finishTogether } from './finish-together';

describe('finishTogether', () => {
  it('puts the items of one turn in one call, and the ones arriving during a call in the next', async () => {
    const calls: number[][] = [];
    let releaseFirst: () => void = () => {};
    const firstCallHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const finish = finishTogether(async (items: number[]) => {
      calls.push(items);
      if (calls.length === 1) await firstCallHeld;
      return new Set(items.filter((item) => item % 2 === 0));
    });
    const first = [finish(1), finish(2), finish(3)];
    // Wait until the first call has started (it holds until released), then add more.
    while (calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const later = [finish(4), finish(5)];
    releaseFirst();
    expect(await Promise.all([...first, ...later])).toEqual([false, true, false, true, false]);
    expect(calls).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('rejects every item of a failed call, and the next call runs', async () => {
    let fail = true;
    const finish = finishTogether(async (items: string[]) => {
      if (fail) throw new Error('database away');
      return new Set(items);
    });
    const failed = await Promise.allSettled([finish('a'), finish('b')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await finish('c')).toBe(true);
  });
});

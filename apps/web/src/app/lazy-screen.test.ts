import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { protectedScreen } from './lazy-screen';

const Screen = () => null;

describe('protectedScreen', () => {
  it('fetches nothing without a stored session, and the screen when it is first rendered', async () => {
    let loads = 0;
    const lazyRoute = protectedScreen(
      async () => {
        loads += 1;
        return { Screen };
      },
      (module) => module.Screen,
    );
    const { Component } = await lazyRoute();
    expect(loads).toBe(0);
    expect(Component).not.toBe(Screen);
  });

  it('fetches the screen as the route matches when a session is stored', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    let loads = 0;
    const lazyRoute = protectedScreen(
      async () => {
        loads += 1;
        return { Screen };
      },
      (module) => module.Screen,
    );
    const { Component } = await lazyRoute();
    expect(loads).toBe(1);
    expect(Component).toBe(Screen);
  });

  it("gives the screen's loader only with a stored session, when its code is fetched", async () => {
    const loader = () => null;
    const lazyRoute = protectedScreen(
      async () => ({ Screen, loader }),
      (module) => module.Screen,
      (module) => ({ loader: module.loader, shouldRevalidate: () => false }),
    );
    expect((await lazyRoute()).loader).toBeUndefined();

    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    const route = await lazyRoute();
    expect(route.loader).toBe(loader);
    expect(route.shouldRevalidate?.({} as never)).toBe(false);
  });
});

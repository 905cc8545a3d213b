import { lazy, type ComponentType } from 'react';
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router';
import { getToken } from '@/features/auth/utils/session';

/** A screen's loader (one that starts its calls) and when it runs again, if not on every navigation. */
export type ScreenLoader = { loader: LoaderFunction; shouldRevalidate?: ShouldRevalidateFunction };

type LazyScreen = () => Promise<{ Component: ComponentType } & Partial<ScreenLoader>>;

/** Lazy screen: its code is fetched on first visit, so the login page stays a small download. */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  return async () => ({ Component: pick(await load()) });
}

/**
 * A signed-in screen's lazy route. With a stored session, its code is fetched as the route matches
 * (beside its parents', in parallel), with the loader `pickLoader` gives, if any. Without one
 * nothing is fetched: the router keeps what a lazy route returns for good, so it gets a component
 * that fetches the code when first rendered — after a sign-in, since the session gate sends a
 * signed-out visitor to /login first — and no loader.
 */
export function protectedScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  pickLoader?: (module: M) => ScreenLoader,
): LazyScreen {
  return async () => {
    if (getToken()) {
      const module = await load();
      return { Component: pick(module), ...pickLoader?.(module) };
    }
    return { Component: lazy(async () => ({ default: pick(await load()) })) };
  };
}

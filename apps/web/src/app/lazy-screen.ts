import { lazy, type ComponentType } from 'react';
import { getToken } from '@/features/auth/utils/session';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** Lazy screen: its code is fetched on first visit, so the login page stays a small download. */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  return async () => ({ Component: pick(await load()) });
}

/**
 * A signed-in screen's lazy route. With a stored session, its code is fetched as the route matches
 * (beside its parents', in parallel). Without one nothing is fetched: the router keeps what a lazy
 * route returns for good, so it gets a component that fetches the code when first rendered — after
 * a sign-in, since the session gate sends a signed-out visitor to /login first.
 */
export function protectedScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  return async () => {
    if (getToken()) return { Component: pick(await load()) };
    return { Component: lazy(async () => ({ default: pick(await load()) })) };
  };
}

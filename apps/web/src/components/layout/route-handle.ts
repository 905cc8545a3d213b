import type { ParseKeys } from 'i18next';
import { useMatches } from 'react-router';

/** Namespaces a page title may come from: `pages.x.title` (common), `menu:…`, `config:…`. */
export const SHELL_TITLE_NAMESPACES = ['common', 'menu', 'config'] as const;
export type ShellTitleKey = ParseKeys<typeof SHELL_TITLE_NAMESPACES>;

/** What a route tells the shell about itself, as react-router's `handle`. */
export type RouteHandle = {
  titleKey: ShellTitleKey;
  descriptionKey?: ShellTitleKey;
  /** Shows the fullscreen button in the header. */
  fullscreen?: boolean;
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

/** The deepest matched route's handle: a child route's title wins over its layout's. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  const match = matches.findLast((candidate) => isRouteHandle(candidate.handle));
  return match && isRouteHandle(match.handle) ? match.handle : undefined;
}

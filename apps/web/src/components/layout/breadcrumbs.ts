export type Crumb = {
  label: string;
  /** Earlier crumbs link somewhere; the last one (the current page) does not. */
  href?: string;
};

export type BreadcrumbSection = { label: string; href: string };

type BuildBreadcrumbsInput = {
  pathname: string;
  /** The first crumb, on every page. */
  dashboard: BreadcrumbSection;
  /** The page's title (its route handle); unset, the last path segment stands in. */
  title?: string;
  /**
   * Crumbs for a first path segment (`configuracoes` → "Configurações"), pointing at a real page
   * of that section: /configuracoes alone is not a route, so a crumb linking to it would 404.
   */
  sections?: Record<string, BreadcrumbSection>;
};

/** "tipos-cotas" → "Tipos cotas": a readable stand-in when a page has no title. */
function humanizeSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as it came.
  }
  const spaced = decoded.replace(/[-_]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * The trail always starts with Dashboard; the last crumb is the page title or the last path
 * segment; earlier crumbs are links.
 */
export function buildBreadcrumbs({
  pathname,
  dashboard,
  title,
  sections = {},
}: BuildBreadcrumbsInput): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const path = `/${segments.join('/')}`;

  if (path === dashboard.href || segments.length === 0) return [{ label: dashboard.label }];

  const crumbs: Crumb[] = [{ label: dashboard.label, href: dashboard.href }];
  const [first = '', ...rest] = segments;
  const section = rest.length > 0 ? sections[first] : undefined;
  if (section) crumbs.push({ label: section.label, href: section.href });

  const last = title?.trim() || humanizeSegment(segments.at(-1) ?? '');
  crumbs.push({ label: last });
  return crumbs;
}

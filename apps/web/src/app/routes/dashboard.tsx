import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** Placeholder until its issue lands; the shell shows the title from the route handle (SPEC.md §2). */
export function DashboardRoute() {
  return <PagePlaceholder />;
}

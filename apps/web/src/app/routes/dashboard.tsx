import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** Placeholder until its issue lands; the shell shows the title from the route handle. */
export function DashboardRoute() {
  return <PagePlaceholder />;
}

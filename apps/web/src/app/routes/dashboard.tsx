import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { type LeadFilters, useCachedLeadSummary } from '@/api/leads';
import type { LeadListSort } from '@/features/leads/components/leads-list';
import { usePermission } from '@/features/auth/hooks/use-permission';
import { PipelinePage } from '@/features/pipeline/components/pipeline-page';
import { prefetchBoard } from '@/features/pipeline/prefetch-board';
import type { ScreenLoader } from '@/app/lazy-screen';
import { ExportMenu } from '@/features/spreadsheets/components/export-menu';
import { ImportLink } from '@/features/spreadsheets/components/import-link';

// The board is what the page shows first: the list view (its table) and a lead's details (its
// timeline, tasks and their forms) are fetched when first opened, not with the board.
const LeadsList = lazy(async () => ({
  default: (await import('@/features/leads/components/leads-list')).LeadsList,
}));
const LeadDetails = lazy(async () => ({
  default: (await import('./dashboard-lead-details')).DashboardLeadDetails,
}));

/**
 * /dashboard's loader: the board's call starts as the route matches, so it runs while the shell and
 * the page render. It returns nothing (the board reads the answer from the query cache) and does
 * not run again while the user stays on the board: a filter change is the board's own fetch.
 */
export const dashboardLoader = (queryClient: QueryClient): ScreenLoader => ({
  loader: ({ request }) => {
    prefetchBoard(queryClient, new URL(request.url).searchParams, localStorage);
    return null;
  },
  shouldRevalidate: () => false,
});

/**
 * The leads an export of these filters holds, from the board's totals when the cache has them;
 * null when unknown.
 */
function useExpectedLeadCount(filters: LeadFilters): number | null {
  const summary = useCachedLeadSummary(filters);
  return summary ? summary.columns.reduce((sum, column) => sum + column.count, 0) : null;
}

function LeadSpreadsheetActions({ filters, sort }: { filters: LeadFilters; sort: LeadListSort | null }) {
  const expectedRows = useExpectedLeadCount(filters);
  return (
    <>
      <ExportMenu kind="leads" params={{ ...filters, ...sort }} expectedRows={expectedRows} />
      <ImportLink kind="leads" />
    </>
  );
}

/** Nothing until a lead is first opened; then the dialog stays mounted, so it can animate closed. */
function LeadDetailsOnDemand({ leadId, onClose }: { leadId: string | null; onClose: () => void }) {
  const [opened, setOpened] = useState(false);
  if (leadId !== null && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LeadDetails leadId={leadId} onClose={onClose} />
    </Suspense>
  );
}

/**
 * /dashboard: the pipeline; the list view and the details dialog come from the leads feature, the
 * export and import buttons from the spreadsheets feature. The list checks its rows in the
 * pipeline's selection, whose bulk bar offers "Excluir" to whoever may delete. The export follows the filters and, in
 * the list view, the list's order.
 */
export function DashboardRoute() {
  const [listSort, setListSort] = useState<LeadListSort | null>(null);
  const canDelete = usePermission('record.delete');
  return (
    <PipelinePage
      canDelete={canDelete}
      renderActions={(filters, view) => (
        <LeadSpreadsheetActions filters={filters} sort={view === 'list' ? listSort : null} />
      )}
      renderList={(filters, onOpenDetails, selection) => (
        <Suspense fallback={null}>
          <LeadsList
            filters={filters}
            onOpenDetails={(lead) => onOpenDetails(lead.id)}
            onSortChange={setListSort}
            selection={selection}
          />
        </Suspense>
      )}
      renderDetails={(leadId, onClose) => <LeadDetailsOnDemand leadId={leadId} onClose={onClose} />}
    />
  );
}

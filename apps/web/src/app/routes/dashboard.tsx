import { useState } from 'react';
import { type LeadFilters, useCachedLeadSummary } from '@/api/leads';
import { LeadDetailsDialog } from '@/features/leads/components/lead-details-dialog';
import { type LeadListSort, LeadsList } from '@/features/leads/components/leads-list';
import { usePermission } from '@/features/auth/hooks/use-permission';
import { PipelinePage } from '@/features/pipeline/components/pipeline-page';
import { ExportMenu } from '@/features/spreadsheets/components/export-menu';
import { ImportLink } from '@/features/spreadsheets/components/import-link';
import { RecordTasks } from '../record-tasks';
import { Timeline } from '../timeline';

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
        <LeadsList
          filters={filters}
          onOpenDetails={(lead) => onOpenDetails(lead.id)}
          onSortChange={setListSort}
          selection={selection}
        />
      )}
      renderDetails={(leadId, onClose) => (
        <LeadDetailsDialog
          leadId={leadId}
          tasks={(lead) => (
            <RecordTasks record={{ type: 'lead', id: lead.id, name: lead.brand_id.name }} headingLevel={3} />
          )}
          timeline={(lead) => <Timeline record={{ type: 'lead', id: lead.id }} showHeading={false} />}
          onOpenChange={(open) => {
            if (!open) onClose();
          }}
        />
      )}
    />
  );
}

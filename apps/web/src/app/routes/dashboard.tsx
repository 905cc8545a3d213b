import { LeadDetailsDialog } from '@/features/leads/components/lead-details-dialog';
import { LeadsList } from '@/features/leads/components/leads-list';
import { PipelinePage } from '@/features/pipeline/components/pipeline-page';

/** /dashboard: the pipeline; the list view and the details dialog come from the leads feature. */
export function DashboardRoute() {
  return (
    <PipelinePage
      renderList={(filters, onOpenDetails) => (
        <LeadsList filters={filters} onOpenDetails={(lead) => onOpenDetails(lead.id)} />
      )}
      renderDetails={(leadId, onClose) => (
        <LeadDetailsDialog
          leadId={leadId}
          onOpenChange={(open) => {
            if (!open) onClose();
          }}
        />
      )}
    />
  );
}

import { LeadDetailsDialog } from '@/features/leads/components/lead-details-dialog';
import { RecordTasks } from '../record-tasks';
import { Timeline } from '../timeline';

/** A lead's details on the board, with its tasks and timeline: a chunk of its own, fetched on first open. */
export function DashboardLeadDetails({ leadId, onClose }: { leadId: string | null; onClose: () => void }) {
  return (
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
  );
}

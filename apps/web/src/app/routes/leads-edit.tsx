import { useParams } from 'react-router';
import { AssistantButton } from '@/features/ai-assistant/components/assistant-button';
import { usePermission } from '@/features/auth/hooks/use-permission';
import { ContactsTable } from '@/features/contacts/components/contacts-table';
import { LeadEditPage } from '@/features/leads/components/lead-edit-page';
import { RecordTasks } from '../record-tasks';
import { Timeline } from '../timeline';

/** /leads/editar/:id: the opportunity form with the brand's contacts and the lead's timeline under it, and the AI assistant. */
export function LeadsEditRoute() {
  const { id = '' } = useParams();
  const canDelete = usePermission('record.delete');
  return (
    <LeadEditPage
      // A fresh screen (form values) for each lead opened.
      key={id}
      leadId={id}
      canDelete={canDelete}
      contacts={(lead) => (
        <ContactsTable brandId={lead.brand_id.id} brandName={lead.brand_id.name} canDelete={canDelete} />
      )}
      tasks={(lead) => <RecordTasks record={{ type: 'lead', id: lead.id, name: lead.brand_id.name }} />}
      timeline={(lead) => <Timeline record={{ type: 'lead', id: lead.id }} showHeading={false} />}
      assistant={(lead) => (
        <AssistantButton leadId={lead.id} brand={{ name: lead.brand_id.name, cnpj: lead.brand_id.cnpj }} />
      )}
    />
  );
}

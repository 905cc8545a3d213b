import { useQuery } from '@tanstack/react-query';
import { AlertCircleIcon, Maximize2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Lead, leadQueryOptions } from '@/api/leads';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { NewTaskButton } from '@/components/tasks/new-task-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/http';
import { LeadDetailsFields } from './lead-details-fields';
import { LeadStatusHistory } from './lead-status-history';

export type LeadDetailsDialogProps = {
  /** The lead to show; null while closed. */
  leadId: string | null;
  onOpenChange: (open: boolean) => void;
  /**
   * The lead's timeline (notes, tasks, moves), composed by the route (features do not import
   * features): shown in a 'Linha do tempo' tab beside the details.
   */
  timeline?: (lead: Lead) => ReactNode;
  /**
   * The lead's open tasks with their 'Nova tarefa', composed by the route: shown under the details.
   * Without it, 'Nova tarefa' sits in the footer.
   */
  tasks?: (lead: Lead) => ReactNode;
};

/**
 * 'Detalhes da Oportunidade': every field of a lead and its status history, with 'Abrir em tela
 * cheia' to its edit screen. Opened from a kanban card or a list row.
 */
export function LeadDetailsDialog({ leadId, onOpenChange, timeline, tasks }: LeadDetailsDialogProps) {
  const { t } = useTranslation(['leads', 'common']);
  // The last lead shown stays while the dialog animates closed.
  const [shownId, setShownId] = useState(leadId);
  if (leadId !== null && leadId !== shownId) setShownId(leadId);
  const id = leadId ?? shownId;
  const query = useQuery({ ...leadQueryOptions(id ?? ''), enabled: id !== null });
  const lead = query.data?.record;

  let body;
  if (query.isError) {
    body = (
      <Alert variant="destructive">
        <AlertCircleIcon />
        <AlertTitle>{t('details.loadError')}</AlertTitle>
        <AlertDescription>{getErrorMessage(query.error, t('details.loadError'))}</AlertDescription>
      </Alert>
    );
  } else if (!lead) {
    body = (
      <div className="grid gap-3 sm:grid-cols-2" aria-busy>
        {Array.from({ length: 10 }, (_, index) => (
          <Skeleton key={index} className="h-10" />
        ))}
      </div>
    );
  } else {
    body = (
      <>
        <LeadDetailsFields lead={lead} />
        {tasks && (
          <>
            <Separator />
            {tasks(lead)}
          </>
        )}
        <Separator />
        <LeadStatusHistory leadId={lead.id} />
      </>
    );
    if (timeline) {
      body = (
        <Tabs defaultValue="details">
          <TabsList>
            <TabsTrigger value="details">{t('details.tabDetails')}</TabsTrigger>
            <TabsTrigger value="timeline">{t('details.tabTimeline')}</TabsTrigger>
          </TabsList>
          <TabsContent value="details" className="grid gap-4">
            {body}
          </TabsContent>
          <TabsContent value="timeline">{timeline(lead)}</TabsContent>
        </Tabs>
      );
    }
  }

  return (
    <Dialog open={leadId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common:actions.close')}
        className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl"
      >
        <DialogHeader>
          <DialogTitle>{t('details.title')}</DialogTitle>
          <DialogDescription>
            {lead ? `${lead.brand_id.name} · ${lead.assessment}` : t('details.description')}
          </DialogDescription>
        </DialogHeader>
        {body}
        <DialogFooter>
          {lead && !tasks && (
            <NewTaskButton record={{ type: 'lead', id: lead.id, name: lead.brand_id.name }} />
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common:actions.close')}
          </Button>
          {id && (
            <Button asChild>
              <Link to={`/leads/editar/${id}`}>
                <Maximize2Icon />
                {t('details.openFull')}
              </Link>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { isLostStatus, type LeadCreate } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { type Lead, leadQueryOptions, useDeleteLead, useUpdateLead } from '@/api/leads';
import { useEditVersion } from '@/components/form/use-edit-version';
import { useLostReasonPrompt } from '@/components/lost-reason/use-lost-reason-prompt';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLoadFailedRedirect } from '@/components/use-load-failed-redirect';
import { getErrorMessage } from '@/lib/http';
import { toLeadFormValues, toUpdateBody } from '../utils/lead-body';
import { DeleteLeadButton } from './delete-lead-button';
import { LeadForm } from './lead-form';

export type LeadEditPageProps = {
  leadId: string;
  /** 'Excluir oportunidade' is offered only with the record.delete permission. */
  canDelete: boolean;
  /** The brand's contacts table, composed by the route (features do not import features). */
  contacts: (lead: Lead) => ReactNode;
  /**
   * SLOT for the AI assistant's trigger (its own issue): whatever the route passes shows in the
   * header, beside the delete action. Nothing is shown until then.
   */
  assistant?: (lead: Lead) => ReactNode;
  /** The lead's timeline (notes, tasks, moves), composed by the route, under the contacts. */
  timeline?: (lead: Lead) => ReactNode;
  /** The lead's open tasks with their 'Nova tarefa', composed by the route, above the timeline. */
  tasks?: (lead: Lead) => ReactNode;
};

/**
 * /leads/editar/:id: the opportunity form with the lead's values, and the brand's contacts under
 * it. Saved, it says so and goes back to the pipeline (/dashboard); a lead that cannot be loaded
 * says so and goes there too.
 */
export function LeadEditPage({ leadId, canDelete, contacts, assistant, timeline, tasks }: LeadEditPageProps) {
  const { t } = useTranslation('leads');
  const navigate = useNavigate();
  // Once deleted, the lead is not asked for again (its invalidation would answer 404).
  const [isDeleted, setIsDeleted] = useState(false);
  const query = useQuery({ ...leadQueryOptions(leadId), enabled: !isDeleted });
  const update = useUpdateLead();
  const remove = useDeleteLead();
  const lostReason = useLostReasonPrompt();

  useLoadFailedRedirect({
    error: query.error,
    title: t('edit.loadError'),
    toastId: 'lead-load-error',
    to: '/dashboard',
  });

  // The version the form was opened with: its save sends it as If-Match.
  const version = useEditVersion(query.data, (lead) => toLeadFormValues(lead, lead.brand_id.id));

  // A save that moves the deal to Declinado or Cancelado asks first why it was lost, as the board
  // does; skipped, the save goes on without a reason.
  async function handleSave(values: LeadCreate) {
    const etag = version.base?.etag ?? null;
    const opened = version.base?.record;
    // The form shows only once the lead is loaded: there is always a version to save over.
    if (!opened) return;
    const to = values.contract_status;
    const reason =
      opened.contract_status !== to && isLostStatus(to)
        ? await lostReason.ask({ brand: opened.brand_id.name, status: to })
        : undefined;
    // Only what changed since the form opened; nothing changed sends nothing and says it is saved.
    const body = { ...toUpdateBody(values, opened), ...(reason ? { reason } : {}) };
    if (Object.keys(body).length > 0) version.saved(await update.mutateAsync({ id: leadId, body, etag }));
    toast.success(t('edit.updated'));
    void navigate('/dashboard');
  }

  async function handleReload() {
    const { data } = await query.refetch();
    if (data) version.reload(data);
  }

  async function handleDelete() {
    setIsDeleted(true);
    try {
      await remove.mutateAsync(leadId);
      toast.success(t('edit.deleted'));
      void navigate('/dashboard');
    } catch (error) {
      setIsDeleted(false);
      toast.error(t('edit.deleteError'), { description: getErrorMessage(error, t('edit.deleteError')) });
    }
  }

  const lead = query.data?.record;
  // The form shows the version it saves over, not a newer one loaded meanwhile.
  const opened = version.base?.record;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackLink to="/dashboard" label={t('edit.back')} />
        {lead && (
          <div className="flex flex-wrap items-center gap-2">
            {assistant?.(lead)}
            {canDelete && (
              <DeleteLeadButton
                brandName={lead.brand_id.name}
                isDeleting={remove.isPending}
                onConfirm={() => void handleDelete()}
              />
            )}
          </div>
        )}
      </div>
      <Card>
        <CardContent>
          {opened ? (
            <LeadForm
              key={version.formKey}
              lead={opened}
              brand={{ id: opened.brand_id.id, name: opened.brand_id.name }}
              isSaving={update.isPending || remove.isPending}
              onSave={handleSave}
              saveErrorMessage={t('edit.updateError')}
              submitLabel={t('form.submitSave')}
              onCancel={() => void navigate('/dashboard')}
              onReload={handleReload}
            />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2" aria-busy>
              {Array.from({ length: 8 }, (_, index) => (
                <Skeleton key={index} className="h-14" />
              ))}
            </div>
          )}
        </CardContent>
      </Card>
      {lostReason.dialog}
      {lead && (
        <Card>
          <CardHeader>
            <CardTitle>{t('edit.contactsTitle')}</CardTitle>
            <CardDescription>{t('edit.contactsDescription', { brand: lead.brand_id.name })}</CardDescription>
          </CardHeader>
          <CardContent>{contacts(lead)}</CardContent>
        </Card>
      )}
      {lead && tasks && (
        <Card>
          <CardContent>{tasks(lead)}</CardContent>
        </Card>
      )}
      {lead && timeline && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t('edit.timelineTitle')}</h2>
            </CardTitle>
            <CardDescription>{t('edit.timelineDescription')}</CardDescription>
          </CardHeader>
          <CardContent>{timeline(lead)}</CardContent>
        </Card>
      )}
    </div>
  );
}

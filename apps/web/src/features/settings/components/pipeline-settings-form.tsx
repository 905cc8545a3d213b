import { zodResolver } from '@hookform/resolvers/zod';
import { type PipelineSettings, pipelineSettingsSchema } from '@funil/shared';
import { Loader2Icon, TicketIcon } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSavePipelineSettings } from '@/api/pipeline-settings';
import { FieldError } from '@/components/form/field-error';
import { useSaveForm } from '@/components/form/use-save-form';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { PIPELINE_SETTINGS_FIELDS } from '../utils/pipeline-settings-fields';
import { PipelineStatusRow } from './pipeline-status-row';

/** Headers that wrap, and on a phone tighter cells (as in PipelineStatusRow) so all four columns fit. */
const HEAD_CLASS = 'whitespace-normal px-1.5 sm:px-2';

type PipelineSettingsFormProps = {
  /** The settings as loaded, in pipeline order. */
  settings: PipelineSettings;
  /** Saving needs the settings.write permission; without it the values are only shown. */
  canManage: boolean;
};

/**
 * The eight statuses with their probability, days until stale and whether they hold a quota,
 * checked with the shared schema before the PUT; the server's messages go on the fields they name
 * and in the error toast, and a refusal of the whole (an offering its holders would outnumber:
 * "Cota esgotada: …") under the table as well.
 */
export function PipelineSettingsForm({ settings, canManage }: PipelineSettingsFormProps) {
  const { t } = useTranslation(['config', 'common']);
  const save = useSavePipelineSettings();
  const form = useForm<PipelineSettings>({
    resolver: zodResolver(pipelineSettingsSchema),
    defaultValues: settings,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const holdsQuotaHelpId = useId();
  const handleSubmit = useSaveForm(form, {
    onSave: async (values) => {
      const saved = await save.mutateAsync(values);
      form.reset(saved);
      toast.success(t('pipeline.saved'));
    },
    fallback: t('pipeline.saveError'),
    fields: PIPELINE_SETTINGS_FIELDS,
    conflictField: 'statuses',
  });
  const listError = errors.statuses?.message ?? errors.statuses?.root?.message;

  return (
    <form noValidate className="grid gap-4" onSubmit={handleSubmit}>
      <Table aria-label={t('pipeline.tableLabel')}>
        <TableHeader>
          <TableRow>
            <TableHead className={HEAD_CLASS}>{t('pipeline.status')}</TableHead>
            <TableHead className={HEAD_CLASS}>{t('pipeline.probability')}</TableHead>
            <TableHead className={HEAD_CLASS}>{t('pipeline.staleAfterDays')}</TableHead>
            <TableHead className={HEAD_CLASS} title={t('pipeline.holdsQuota')}>
              {/* On a phone, the ticket that also starts the help under the table: the words would
                  take a fourth column's room. */}
              <TicketIcon aria-hidden className="size-4 sm:hidden" />
              <span className="sr-only sm:not-sr-only">{t('pipeline.holdsQuota')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {settings.statuses.map((setting, index) => (
            <PipelineStatusRow
              key={setting.contract_status}
              index={index}
              status={setting.contract_status}
              register={register}
              control={control}
              errors={errors}
              holdsQuotaHelpId={holdsQuotaHelpId}
              readOnly={!canManage}
              disabled={save.isPending}
            />
          ))}
        </TableBody>
      </Table>
      <p id={holdsQuotaHelpId} className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <TicketIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{t('pipeline.holdsQuotaHelp')}</span>
      </p>
      <FieldError id="pipeline-settings-error" message={listError} />
      {canManage && (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            {save.isPending ? t('common:actions.saving') : t('common:actions.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

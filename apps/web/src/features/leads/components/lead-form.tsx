import {
  CONTRACT_STATUSES,
  type LeadCreate,
  type LeadCreateInput,
  leadCreateSchema,
  PROSPECTUS_YEARS,
} from '@funil/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Lead } from '@/api/leads';
import { DialogFormFooter } from '@/components/form/dialog-form-footer';
import { EditConflictDialog, type TypedValue } from '@/components/form/edit-conflict-dialog';
import { FormField, TextField } from '@/components/form/form-field';
import { OptionSelectField } from '@/components/form/option-select-field';
import { useSaveForm } from '@/components/form/use-save-form';
import { Input } from '@/components/ui/input';
import { useLeadFormOptions } from '../hooks/use-lead-form-options';
import { useLeadTypedValues } from '../hooks/use-lead-typed-values';
import { toLeadFormValues } from '../utils/lead-body';
import { LEAD_FORM_FIELDS } from '../utils/lead-form-fields';
import { FranchisesField } from './franchises-field';
import { LeadStockPreview } from './lead-stock-preview';
import { MoneyField } from './money-field';
import { SwitchField } from './switch-field';

const YEAR_OPTIONS = PROSPECTUS_YEARS.map((year) => ({ value: String(year), label: String(year) }));

export type LeadFormProps = {
  /** The lead being edited; null for a new one. */
  lead: Lead | null;
  /** The brand the opportunity is for: fixed, shown, never edited here. */
  brand: { id: string; name: string };
  isSaving: boolean;
  /** Saves the valid values; throws when the save fails (its messages then go on the fields). */
  onSave: (values: LeadCreate) => Promise<void>;
  /** The error toast's text when the server says nothing readable. */
  saveErrorMessage: string;
  submitLabel: string;
  onCancel: () => void;
  /**
   * The edit screen's 'Recarregar' after a save refused because someone else saved the lead
   * meanwhile (412): loads the lead as it is now into the form. Without it a 412 is a toast.
   */
  onReload?: () => Promise<void>;
};

/**
 * The opportunity form, shared by the create dialog and the edit screen. Its fields come in the
 * order the shared schema reports missing ones in: assessment, vertical, quota type, platform,
 * year, status, executive, franchises, credit, invest, Permuta, Lei Rouanet. Under the money, the
 * prospectus's quota the opportunity would take, and its credit against the table price.
 */
export function LeadForm({
  lead,
  brand,
  isSaving,
  onSave,
  saveErrorMessage,
  submitLabel,
  onCancel,
  onReload,
}: LeadFormProps) {
  const { t } = useTranslation('leads');
  const form = useForm<LeadCreateInput, unknown, LeadCreate>({
    resolver: zodResolver(leadCreateSchema),
    defaultValues: toLeadFormValues(lead, brand.id),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const options = useLeadFormOptions(lead);
  const typedValues = useLeadTypedValues(options);
  // What the user typed, shown while the conflict dialog is open (null: closed).
  const [typed, setTyped] = useState<TypedValue[] | null>(null);
  const handleSubmit = useSaveForm(form, {
    onSave,
    fallback: saveErrorMessage,
    fields: LEAD_FORM_FIELDS,
    onConflict: onReload
      ? () => setTyped(typedValues(toLeadFormValues(lead, brand.id), form.getValues()))
      : undefined,
  });
  const statusOptions = CONTRACT_STATUSES.map((status) => ({
    value: status,
    label: t(`contractStatus.${status}`),
  }));
  const select = t('form.selectPlaceholder');

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="lead-brand" label={t('fields.brand')}>
          {(control) => <Input {...control} value={brand.name} readOnly className="bg-muted/40" />}
        </FormField>
        <TextField
          id="lead-assessment"
          label={t('fields.assessment')}
          placeholder={t('form.assessmentPlaceholder')}
          error={errors.assessment?.message}
          disabled={isSaving}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the create dialog's first field takes the focus as the dialog opens
          autoFocus={!lead}
          {...register('assessment')}
        />
        <OptionSelectField
          id="lead-vertical"
          label={t('fields.vertical')}
          control={control}
          name="vertical"
          options={options.verticals}
          placeholder={select}
          error={errors.vertical?.message}
          disabled={isSaving}
        />
        <OptionSelectField
          id="lead-quota"
          label={t('fields.quota')}
          control={control}
          name="quota"
          options={options.quotas}
          placeholder={select}
          error={errors.quota?.message}
          disabled={isSaving}
        />
        <OptionSelectField
          id="lead-platform"
          label={t('fields.platform')}
          control={control}
          name="platform"
          options={options.platforms}
          placeholder={select}
          error={errors.platform?.message}
          disabled={isSaving}
        />
        <OptionSelectField
          id="lead-prospectus-year"
          label={t('fields.prospectus_year')}
          control={control}
          name="prospectus_year"
          options={YEAR_OPTIONS}
          placeholder={select}
          error={errors.prospectus_year?.message}
          disabled={isSaving}
        />
        <OptionSelectField
          id="lead-contract-status"
          label={t('fields.contract_status')}
          control={control}
          name="contract_status"
          options={statusOptions}
          placeholder={select}
          error={errors.contract_status?.message}
          disabled={isSaving}
        />
        <OptionSelectField
          id="lead-executive"
          label={t('fields.executive')}
          control={control}
          name="executive"
          options={options.executives}
          placeholder={t('form.noExecutive')}
          noneLabel={t('form.noExecutive')}
          error={errors.executive?.message}
          disabled={isSaving}
        />
        <div className="sm:col-span-2">
          <FranchisesField
            id="lead-franchises"
            control={control}
            name="franchises"
            options={options.franchises}
            error={errors.franchises?.message ?? errors.franchises?.root?.message}
            disabled={isSaving}
          />
        </div>
        <MoneyField
          id="lead-credit"
          label={t('fields.credit')}
          control={control}
          name="credit"
          error={errors.credit?.message}
          disabled={isSaving}
        />
        <MoneyField
          id="lead-invest"
          label={t('fields.invest')}
          control={control}
          name="invest"
          error={errors.invest?.message}
          disabled={isSaving}
        />
        <LeadStockPreview control={control} lead={lead} />
        <SwitchField
          id="lead-exchange"
          label={t('fields.exchange')}
          control={control}
          name="exchange"
          disabled={isSaving}
        />
        <SwitchField
          id="lead-rouanet-law"
          label={t('fields.rouanet_law')}
          control={control}
          name="rouanet_law"
          disabled={isSaving}
        />
      </div>
      <DialogFormFooter isSaving={isSaving} submitLabel={submitLabel} onCancel={onCancel} />
      {onReload && (
        <EditConflictDialog typed={typed} onReload={onReload} onKeepEditing={() => setTyped(null)} />
      )}
    </form>
  );
}

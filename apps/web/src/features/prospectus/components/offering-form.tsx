import {
  type OfferingCreate,
  type OfferingCreateInput,
  offeringCreateSchema,
  PROSPECTUS_YEARS,
} from '@funil/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Offering } from '@/api/offerings';
import { DialogFormFooter } from '@/components/form/dialog-form-footer';
import { TextField } from '@/components/form/form-field';
import { OptionSelectField } from '@/components/form/option-select-field';
import { RecordStatusField } from '@/components/form/record-status-field';
import { applySaveError } from '@/components/form/save-error';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { HttpError } from '@/lib/http';
import { useOfferingFormOptions } from '../hooks/use-offering-form-options';
import { OFFERING_FORM_FIELDS, toOfferingFormValues } from '../utils/offering-form-values';
import { PriceField } from './price-field';

const YEAR_OPTIONS = PROSPECTUS_YEARS.map((year) => ({ value: String(year), label: String(year) }));

export type OfferingFormProps = {
  /** The offering being edited; null for a new one. */
  offering: Offering | null;
  /** A new offering's year: the one the screen shows. */
  year: number;
  isSaving: boolean;
  /** Saves the valid values; throws when the save fails. */
  onSave: (values: OfferingCreate) => Promise<void>;
  onCancel: () => void;
};

/**
 * Year, vertical, platform, quota type, praça (none: national), quantity, table price and status,
 * checked with the API's own schema. A refusal about the stock (409: the offering is already in
 * the prospectus, fewer units than the opportunities that hold it, sold out on re-activation) is
 * said inside the dialog, in the server's words, where the user decides what to change; field
 * issues land on their fields, anything else is a toast.
 */
export function OfferingForm({ offering, year, isSaving, onSave, onCancel }: OfferingFormProps) {
  const { t } = useTranslation(['prospectus', 'common']);
  const form = useForm<OfferingCreateInput, unknown, OfferingCreate>({
    resolver: zodResolver(offeringCreateSchema),
    defaultValues: toOfferingFormValues(offering, year),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const options = useOfferingFormOptions(offering);
  const [refusal, setRefusal] = useState<string | null>(null);
  const select = t('form.select');

  const handleSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await onSave(values);
    } catch (error) {
      const message = applySaveError(
        error,
        { setError: form.setError, fields: OFFERING_FORM_FIELDS },
        t('form.saveError'),
      );
      if (error instanceof HttpError && error.status === 409) setRefusal(message);
      else toast.error(t('common:errorTitle'), { description: message });
    }
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <OptionSelectField
          id="offering-year"
          label={t('form.year')}
          control={control}
          name="prospectus_year"
          options={YEAR_OPTIONS}
          placeholder={select}
          error={errors.prospectus_year?.message}
          disabled={isSaving}
        />
        <RecordStatusField
          id="offering-status"
          label={t('form.status')}
          control={control}
          name="status"
          error={errors.status?.message}
          disabled={isSaving}
        />
        <OptionSelectField
          id="offering-vertical"
          label={t('form.vertical')}
          control={control}
          name="vertical"
          options={options.verticals}
          placeholder={select}
          error={errors.vertical?.message}
          disabled={isSaving}
        />
        <OptionSelectField
          id="offering-platform"
          label={t('form.platform')}
          control={control}
          name="platform"
          options={options.platforms}
          placeholder={select}
          error={errors.platform?.message}
          disabled={isSaving}
        />
        <OptionSelectField
          id="offering-quota"
          label={t('form.quota')}
          control={control}
          name="quota"
          options={options.quotas}
          placeholder={select}
          error={errors.quota?.message}
          disabled={isSaving}
        />
        <OptionSelectField
          id="offering-franchise"
          label={t('form.franchise')}
          control={control}
          name="franchise"
          options={options.franchises}
          placeholder={t('form.national')}
          noneLabel={t('form.national')}
          error={errors.franchise?.message}
          disabled={isSaving}
        />
        <TextField
          id="offering-quantity"
          label={t('form.quantity')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          autoComplete="off"
          className="tabular-nums"
          error={errors.quantity?.message}
          disabled={isSaving}
          {...register('quantity', { valueAsNumber: true })}
        />
        <PriceField
          id="offering-list-price"
          label={t('form.price')}
          control={control}
          name="list_price"
          error={errors.list_price?.message}
          disabled={isSaving}
        />
      </div>
      {refusal && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <AlertDescription className="text-destructive">{refusal}</AlertDescription>
        </Alert>
      )}
      <DialogFormFooter
        isSaving={isSaving}
        submitLabel={offering ? t('common:actions.save') : t('common:actions.create')}
        onCancel={onCancel}
      />
    </form>
  );
}

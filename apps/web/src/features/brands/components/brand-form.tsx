import {
  type Brand,
  type BrandCreate,
  type BrandCreateInput,
  brandCreateSchema,
  type CompanyRecord,
  formatCnpj,
  isValidCnpj,
} from '@funil/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, SearchIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCompanyLookup } from '@/api/companies';
import { changedFields } from '@/components/form/changed-fields';
import { EditConflictDialog, type TypedValue } from '@/components/form/edit-conflict-dialog';
import { RecordStatusField } from '@/components/form/record-status-field';
import { FormField, TextField } from '@/components/form/form-field';
import { useSaveForm } from '@/components/form/use-save-form';
import { RegistryCard } from '@/components/registry-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/http';
import { type RegistryChange, registryChanges } from '../utils/registry-fill';

const BRAND_FIELDS = [
  'name',
  'company_name',
  'cnpj',
  'area_of_activity',
  'segmentation',
  'responsible',
  'description',
  'status',
] as const;

type BrandFormProps = {
  /** The brand being edited; null for a new one. */
  brand: Brand | null;
  isSaving: boolean;
  /** Saves the values; throws when the save fails (its messages then go on the fields). */
  onSave: (values: BrandCreate) => Promise<void>;
  saveErrorMessage: string;
  submitLabel: string;
  /** The picture field, beside the form's fields. */
  imageField: ReactNode;
  /**
   * The edit screen's 'Recarregar' after a save refused because someone else saved the brand
   * meanwhile (412): loads the brand as it is now into the form. Without it a 412 is a toast.
   */
  onReload?: () => Promise<void>;
};

const toFormValues = (brand: Brand | null): BrandCreateInput => ({
  name: brand?.name ?? '',
  company_name: brand?.company_name ?? '',
  cnpj: brand ? formatCnpj(brand.cnpj) : '',
  area_of_activity: brand?.area_of_activity ?? '',
  segmentation: brand?.segmentation ?? '',
  responsible: brand?.responsible ?? '',
  description: brand?.description ?? '',
  status: brand?.status ?? 'active',
});

/**
 * The brand's fields. The CNPJ is masked as it is typed (numeric and alphanumeric), and 'Buscar
 * dados da Receita' beside it fills the legal name and the area of activity from the Receita
 * Federal's record — saying what it changed, with 'Desfazer' — and shows the record's card.
 */
export function BrandForm({
  brand,
  isSaving,
  onSave,
  saveErrorMessage,
  submitLabel,
  imageField,
  onReload,
}: BrandFormProps) {
  const { t } = useTranslation(['brands', 'common']);
  const form = useForm<BrandCreateInput, unknown, BrandCreate>({
    resolver: zodResolver(brandCreateSchema),
    defaultValues: toFormValues(brand),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  // What the user typed, shown while the conflict dialog is open (null: closed).
  const [typed, setTyped] = useState<TypedValue[] | null>(null);
  const typedValues = (): TypedValue[] => {
    const current = form.getValues();
    return changedFields(toFormValues(brand), current, BRAND_FIELDS).map((field) => ({
      field,
      label: t(`fields.${field}`),
      value: field === 'status' ? t(`common:status.${current.status ?? 'active'}`) : (current[field] ?? ''),
    }));
  };
  const handleSubmit = useSaveForm(form, {
    onSave,
    fallback: saveErrorMessage,
    fields: BRAND_FIELDS,
    onConflict: onReload ? () => setTyped(typedValues()) : undefined,
  });

  const lookup = useCompanyLookup();
  const [record, setRecord] = useState<CompanyRecord | null>(null);
  const [filled, setFilled] = useState<RegistryChange[]>([]);

  async function handleLookup() {
    const cnpj = form.getValues('cnpj') ?? '';
    if (!isValidCnpj(cnpj)) {
      form.setError('cnpj', { type: 'lookup', message: t('registry.needCnpj') });
      return;
    }
    try {
      const found = await lookup.mutateAsync(cnpj);
      const changes = registryChanges(found, {
        company_name: form.getValues('company_name'),
        area_of_activity: form.getValues('area_of_activity'),
      });
      for (const change of changes)
        form.setValue(change.field, change.to, { shouldDirty: true, shouldValidate: true });
      setRecord(found);
      setFilled(changes);
    } catch (error) {
      toast.error(t('registry.errorTitle'), { description: getErrorMessage(error, t('common:errorTitle')) });
    }
  }

  function handleUndo() {
    for (const change of filled)
      form.setValue(change.field, change.from, { shouldDirty: true, shouldValidate: true });
    setFilled([]);
    toast.success(t('registry.undone'));
  }

  const text = (
    field: Exclude<(typeof BRAND_FIELDS)[number], 'status' | 'description'>,
    autoFocus = false,
  ) => (
    <TextField
      id={`brand-${field}`}
      label={t(`fields.${field}`)}
      placeholder={t(`placeholders.${field}`)}
      error={errors[field]?.message}
      disabled={isSaving}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the caller asks it for the first field of a form just opened
      autoFocus={autoFocus}
      {...register(field)}
    />
  );

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-6 lg:grid-cols-[1fr_auto]">
      <div className="grid content-start gap-4 sm:grid-cols-2">
        {text('name', !brand)}
        {text('company_name')}
        <div className="grid gap-2 sm:col-span-2">
          <FormField id="brand-cnpj" label={t('fields.cnpj')} error={errors.cnpj?.message}>
            {(fieldControl) => (
              <div className="flex flex-col gap-2 sm:flex-row">
                <Controller
                  control={control}
                  name="cnpj"
                  render={({ field }) => (
                    <Input
                      {...fieldControl}
                      ref={field.ref}
                      name={field.name}
                      value={field.value ?? ''}
                      onBlur={field.onBlur}
                      onChange={(event) => field.onChange(formatCnpj(event.target.value))}
                      placeholder={t('placeholders.cnpj')}
                      autoComplete="off"
                      spellCheck={false}
                      className="font-mono uppercase sm:max-w-64"
                      disabled={isSaving}
                    />
                  )}
                />
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => void handleLookup()}
                  disabled={isSaving || lookup.isPending}
                >
                  {lookup.isPending ? (
                    <Loader2Icon className="animate-spin" aria-hidden />
                  ) : (
                    <SearchIcon aria-hidden />
                  )}
                  {lookup.isPending ? t('registry.lookingUp') : t('registry.lookup')}
                </Button>
              </div>
            )}
          </FormField>
          {filled.length > 0 && (
            <div
              role="status"
              className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
            >
              <span>
                {t('registry.filled', {
                  fields: filled.map((change) => t(`fields.${change.field}`)).join(', '),
                })}
              </span>
              <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={handleUndo}>
                {t('registry.undo')}
              </Button>
            </div>
          )}
          {record && (
            <RegistryCard
              record={record}
              onClose={() => {
                setRecord(null);
                setFilled([]);
              }}
            />
          )}
        </div>
        {text('area_of_activity')}
        {text('segmentation')}
        {text('responsible')}
        <RecordStatusField
          id="brand-status"
          label={t('fields.status')}
          control={control}
          name="status"
          error={errors.status?.message}
          disabled={isSaving}
        />
        <div className="sm:col-span-2">
          <FormField
            id="brand-description"
            label={t('fields.description')}
            error={errors.description?.message}
          >
            {(fieldControl) => (
              <Textarea
                {...fieldControl}
                rows={3}
                placeholder={t('placeholders.description')}
                disabled={isSaving}
                {...register('description')}
              />
            )}
          </FormField>
        </div>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={isSaving}>
            {isSaving && <Loader2Icon className="animate-spin" aria-hidden />}
            {isSaving ? t('common:actions.saving') : submitLabel}
          </Button>
        </div>
      </div>
      <div className="lg:w-[335px]">{imageField}</div>
      {onReload && (
        <EditConflictDialog typed={typed} onReload={onReload} onKeepEditing={() => setTyped(null)} />
      )}
    </form>
  );
}

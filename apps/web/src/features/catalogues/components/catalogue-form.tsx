import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CatalogueCreate,
  type CatalogueCreateInput,
  type CatalogueItem,
  catalogueCreateSchema,
} from '@funil/shared';
import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogFormFooter } from '@/components/form/dialog-form-footer';
import { RecordStatusField } from '@/components/form/record-status-field';
import { TextField } from '@/components/form/form-field';
import { useSaveForm } from '@/components/form/use-save-form';
import { upperCaseInPlace } from '../utils/upper-case-input';

type CatalogueFormProps = {
  /** The item being edited; null for a new one. */
  item: CatalogueItem | null;
  isSaving: boolean;
  onCancel: () => void;
  /** Saves the values; throws when the save fails (its messages then go on the fields). */
  onSave: (values: CatalogueCreate) => Promise<void>;
  /** The toast's text for a failed save: 'Erro ao salvar vertical'. */
  saveErrorMessage: string;
};

/** Nome, Label (both kept in capitals as they are typed) and Status. */
export function CatalogueForm({ item, isSaving, onCancel, onSave, saveErrorMessage }: CatalogueFormProps) {
  const { t } = useTranslation(['catalogues', 'common']);
  const form = useForm<CatalogueCreateInput, unknown, CatalogueCreate>({
    resolver: zodResolver(catalogueCreateSchema),
    defaultValues: {
      name: item?.name ?? '',
      label: item?.label ?? '',
      status: item?.status ?? 'active',
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  // A taken name (409) is said next to the name.
  const handleSubmit = useSaveForm(form, {
    onSave,
    fallback: saveErrorMessage,
    fields: ['name', 'label', 'status'],
    conflictField: 'name',
  });

  const registerUpperCase = (name: 'name' | 'label') => {
    const field = register(name);
    return {
      ...field,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        upperCaseInPlace(event.target);
        return field.onChange(event);
      },
    };
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={handleSubmit}>
      <TextField
        id="catalogue-name"
        label={t('form.name')}
        error={errors.name?.message}
        autoComplete="off"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's only field takes the focus as the dialog opens
        autoFocus
        placeholder={t('form.namePlaceholder')}
        disabled={isSaving}
        {...registerUpperCase('name')}
      />
      <TextField
        id="catalogue-label"
        label={t('form.label')}
        error={errors.label?.message}
        autoComplete="off"
        placeholder={t('form.labelPlaceholder')}
        disabled={isSaving}
        {...registerUpperCase('label')}
      />
      <RecordStatusField
        id="catalogue-status"
        label={t('form.status')}
        control={control}
        name="status"
        error={errors.status?.message}
        disabled={isSaving}
      />
      <DialogFormFooter
        isSaving={isSaving}
        submitLabel={item ? t('common:actions.save') : t('common:actions.create')}
        onCancel={onCancel}
      />
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CatalogueCreate,
  type CatalogueCreateInput,
  type CatalogueItem,
  type CatalogueResource,
  catalogueCreateSchema,
  RECORD_STATUSES,
} from '@funil/shared';
import { Loader2Icon } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCreateCatalogueItem, useUpdateCatalogueItem } from '@/api/catalogues';
import { FormField, TextField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { getErrorMessage, HttpError } from '@/lib/http';
import { upperCaseInPlace } from '../utils/upper-case-input';

export type CatalogueDialogProps = {
  resource: CatalogueResource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item to edit; null creates a new one. */
  item: CatalogueItem | null;
};

/** 'Nova Vertical' / 'Editar Vertical' and the two other catalogues' equivalents. */
export function CatalogueDialog({ resource, open, onOpenChange, item }: CatalogueDialogProps) {
  const { t } = useTranslation('catalogues');
  const create = useCreateCatalogueItem(resource);
  const update = useUpdateCatalogueItem(resource);
  const isSaving = create.isPending || update.isPending;

  function handleOpenChange(next: boolean) {
    // A save in flight finishes with the dialog open, so its outcome is seen.
    if (!next && isSaving) return;
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent closeLabel={t('form.close')} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{item ? t(`${resource}.edit`) : t(`${resource}.new`)}</DialogTitle>
          <DialogDescription>
            {item ? t(`${resource}.editDescription`) : t(`${resource}.createDescription`)}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the item's current values. */}
        <CatalogueForm
          resource={resource}
          item={item}
          isSaving={isSaving}
          onCancel={() => handleOpenChange(false)}
          onSubmit={async (values) => {
            if (item) {
              // SPEC.md §5: editing without an id is refused with the catalogue's own message.
              if (!item.id) throw new MissingIdError();
              await update.mutateAsync({ id: item.id, body: values });
              toast.success(t(`${resource}.updated`));
            } else {
              await create.mutateAsync(values);
              toast.success(t(`${resource}.created`));
            }
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

class MissingIdError extends Error {}

type CatalogueFormProps = {
  resource: CatalogueResource;
  item: CatalogueItem | null;
  isSaving: boolean;
  onCancel: () => void;
  onSubmit: (values: CatalogueCreate) => Promise<void>;
};

function CatalogueForm({ resource, item, isSaving, onCancel, onSubmit }: CatalogueFormProps) {
  const { t } = useTranslation('catalogues');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CatalogueCreateInput, unknown, CatalogueCreate>({
    resolver: zodResolver(catalogueCreateSchema),
    defaultValues: {
      name: item?.name ?? '',
      label: item?.label ?? '',
      status: item?.status ?? 'active',
    },
  });

  async function handleValidSubmit(values: CatalogueCreate) {
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof MissingIdError) {
        toast.error(t(`${resource}.saveError`), { description: t(`${resource}.missingId`) });
        return;
      }
      const message = getErrorMessage(error, t(`${resource}.saveError`));
      if (error instanceof HttpError) {
        // The server's words go next to the field they are about (a taken name, a bad label).
        for (const issue of error.issues) {
          if (issue.path === 'name' || issue.path === 'label' || issue.path === 'status') {
            setError(issue.path, { message: issue.message });
          }
        }
        if (error.status === 409) setError('name', { message });
      }
      toast.error(t(`${resource}.saveError`), { description: message });
    }
  }

  // Names and labels are kept in capitals, upper-cased as they are typed.
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
    <form noValidate className="grid gap-4" onSubmit={handleSubmit(handleValidSubmit)}>
      <TextField
        id="catalogue-name"
        label={t('form.name')}
        error={errors.name?.message}
        autoComplete="off"
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
      <FormField id="catalogue-status" label={t('form.status')} error={errors.status?.message}>
        {(fieldControl) => (
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={isSaving}>
                <SelectTrigger {...fieldControl} className="w-full" ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {RECORD_STATUSES.map((status) => (
                    <SelectItem key={status} value={status}>
                      {t(`status.${status}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSaving}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? <Loader2Icon className="animate-spin" /> : null}
          {isSaving ? t('form.saving') : item ? t('form.save') : t('form.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}

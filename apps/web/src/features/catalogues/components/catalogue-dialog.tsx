import type { CatalogueCreate, CatalogueItem, CatalogueResource } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCreateCatalogueItem, useUpdateCatalogueItem } from '@/api/catalogues';
import { FormDialog } from '@/components/form/form-dialog';
import { CatalogueForm } from './catalogue-form';

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

  async function handleSave(values: CatalogueCreate) {
    if (item) {
      await update.mutateAsync({ id: item.id, body: values });
      toast.success(t(`${resource}.updated`));
    } else {
      await create.mutateAsync(values);
      toast.success(t(`${resource}.created`));
    }
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? t(`${resource}.edit`) : t(`${resource}.new`)}
      description={item ? t(`${resource}.editDescription`) : t(`${resource}.createDescription`)}
      isSaving={isSaving}
    >
      <CatalogueForm
        item={item}
        isSaving={isSaving}
        onCancel={() => onOpenChange(false)}
        onSave={handleSave}
        saveErrorMessage={t(`${resource}.saveError`)}
      />
    </FormDialog>
  );
}

import type { OfferingCreate } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type Offering, useCreateOffering, useUpdateOffering } from '@/api/offerings';
import { FormDialog } from '@/components/form/form-dialog';
import { offeringChanges } from '../utils/offering-form-values';
import { OfferingForm } from './offering-form';

export type OfferingDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The offering to edit; null creates one. */
  offering: Offering | null;
  /** A new offering's year. */
  year: number;
};

/** 'Nova cota' and 'Editar cota': the offering form in a dialog; an edit sends only what changed. */
export function OfferingDialog({ open, onOpenChange, offering, year }: OfferingDialogProps) {
  const { t } = useTranslation('prospectus');
  const create = useCreateOffering();
  const update = useUpdateOffering();
  const isSaving = create.isPending || update.isPending;

  async function handleSave(values: OfferingCreate) {
    if (offering) {
      const changes = offeringChanges(offering, values);
      if (Object.keys(changes).length > 0) await update.mutateAsync({ id: offering.id, body: changes });
      toast.success(t('form.updated'));
    } else {
      await create.mutateAsync(values);
      toast.success(t('form.created'));
    }
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={offering ? t('form.editTitle') : t('form.newTitle')}
      description={offering ? t('form.editDescription') : t('form.newDescription')}
      isSaving={isSaving}
      className="sm:max-w-xl"
    >
      <OfferingForm
        offering={offering}
        year={year}
        isSaving={isSaving}
        onSave={handleSave}
        onCancel={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

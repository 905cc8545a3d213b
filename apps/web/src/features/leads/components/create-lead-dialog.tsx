import type { LeadCreate } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCreateLead } from '@/api/leads';
import { FormDialog } from '@/components/form/form-dialog';
import { toCreateBody } from '../utils/lead-body';
import { LeadForm } from './lead-form';

export type CreateLeadDialogProps = {
  /** The brand the opportunity is for; null while closed. */
  brand: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
};

/**
 * 'Nova oportunidade' for a brand of the list: the opportunity form with the brand fixed. Saved,
 * it says 'Sucesso!' — 'Oportunidade criada para {brand}' — and closes; a failure keeps it open
 * with the server's messages on the fields and 'Erro ao criar oportunidade' (or the server's
 * message) in a toast.
 */
export function CreateLeadDialog({ brand, onOpenChange }: CreateLeadDialogProps) {
  const { t } = useTranslation('leads');
  const create = useCreateLead();

  async function handleSave(values: LeadCreate) {
    if (!brand) return;
    await create.mutateAsync(toCreateBody(values));
    toast.success(t('create.successTitle'), { description: t('create.success', { brand: brand.name }) });
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={brand !== null}
      onOpenChange={onOpenChange}
      title={t('create.title')}
      description={t('create.description', { brand: brand?.name ?? '' })}
      isSaving={create.isPending}
      className="sm:max-w-2xl"
    >
      {brand && (
        <LeadForm
          // A fresh form for each brand the dialog opens with.
          key={brand.id}
          lead={null}
          brand={brand}
          isSaving={create.isPending}
          onSave={handleSave}
          saveErrorMessage={t('create.error')}
          submitLabel={t('form.submitCreate')}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  );
}

import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

type DialogFormFooterProps = {
  isSaving: boolean;
  /** The submit button's words; default 'Salvar'. */
  submitLabel?: string;
  onCancel: () => void;
};

/**
 * A form dialog's footer: 'Cancelar' and the submit button, both disabled while saving, when the
 * submit button reads 'Salvando...' beside a spinner.
 */
export function DialogFormFooter({ isSaving, submitLabel, onCancel }: DialogFormFooterProps) {
  const { t } = useTranslation('common');
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={isSaving}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" disabled={isSaving}>
        {isSaving && <Loader2Icon className="animate-spin" aria-hidden />}
        {isSaving ? t('actions.saving') : (submitLabel ?? t('actions.save'))}
      </Button>
    </DialogFooter>
  );
}

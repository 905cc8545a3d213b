import { Loader2Icon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

type DeleteLeadButtonProps = {
  brandName: string;
  isDeleting: boolean;
  /** Deletes once the user confirms. */
  onConfirm: () => void;
};

/** 'Excluir oportunidade', asking first: the lead and its status history go for good. */
export function DeleteLeadButton({ brandName, isDeleting, onConfirm }: DeleteLeadButtonProps) {
  const { t } = useTranslation('leads');
  const [isAsking, setIsAsking] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setIsAsking(true)} disabled={isDeleting}>
        {isDeleting ? <Loader2Icon className="animate-spin" aria-hidden /> : <Trash2Icon aria-hidden />}
        {t('edit.delete')}
      </Button>
      <ConfirmDialog
        open={isAsking}
        title={t('edit.deleteTitle')}
        description={t('edit.deleteDescription', { brand: brandName })}
        confirmLabel={t('edit.deleteConfirm')}
        destructive
        onCancel={() => setIsAsking(false)}
        onConfirm={() => {
          setIsAsking(false);
          onConfirm();
        }}
      />
    </>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** A save in flight keeps the dialog open (Esc, the X and outside clicks wait), so its outcome is seen. */
  isSaving: boolean;
  className?: string;
  /** The form; mounted only while the dialog is open, so every opening starts from fresh values. */
  children: ReactNode;
};

/** The create/edit dialog of every list screen: title, description, the form. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  isSaving,
  className,
  children,
}: FormDialogProps) {
  const { t } = useTranslation('common');
  function handleOpenChange(next: boolean) {
    if (!next && isSaving) return;
    onOpenChange(next);
  }
  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        closeLabel={t('actions.close')}
        className={cn('max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-md', className)}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

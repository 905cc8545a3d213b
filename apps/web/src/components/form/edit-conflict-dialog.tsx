import { CopyIcon, Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** A field the user changed, as the form shows it: its label and its typed value as text. */
export type TypedValue = { field: string; label: string; value: string };

type EditConflictDialogProps = {
  /** The user's typed values; the dialog is open while there are some to show (null: closed). */
  typed: TypedValue[] | null;
  /** Loads the record as it is now into the form, the user's edits discarded. */
  onReload: () => Promise<void>;
  /** Closes the dialog; the form keeps its values. */
  onKeepEditing: () => void;
};

/**
 * Someone else saved the record since this form opened it (a 412): says so, shows what the user
 * typed — each value with a copy button, so nothing is lost by reloading — and offers 'Recarregar'
 * (the record as it is now, the edits discarded) or going on editing (Esc, the outside click and
 * the close button too). Going on is first, so a stray Enter discards nothing.
 */
export function EditConflictDialog({ typed, onReload, onKeepEditing }: EditConflictDialogProps) {
  const { t } = useTranslation('common');
  const [isReloading, setIsReloading] = useState(false);

  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('editConflict.copied'));
    } catch {
      toast.error(t('editConflict.copyFailed'));
    }
  }

  async function reload() {
    setIsReloading(true);
    try {
      await onReload();
    } finally {
      setIsReloading(false);
    }
  }

  return (
    <Dialog open={typed !== null} onOpenChange={(open) => !open && onKeepEditing()}>
      <DialogContent role="alertdialog" closeLabel={t('actions.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('editConflict.title')}</DialogTitle>
          <DialogDescription>{t('editConflict.description')}</DialogDescription>
        </DialogHeader>
        {typed && typed.length > 0 ? (
          <div className="grid gap-2">
            <p className="text-sm font-medium">{t('editConflict.typedValues')}</p>
            <dl className="grid max-h-64 gap-2 overflow-y-auto rounded-md border p-3 text-sm">
              {typed.map(({ field, label, value }) => (
                // A <dl> group holds only its <dt> and <dd>: the copy button lives in the <dd>.
                <div key={field} className="grid gap-0.5">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="flex items-start justify-between gap-2">
                    <span className="min-w-0 break-words whitespace-pre-wrap">{value || '—'}</span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="h-7 shrink-0 px-2 text-xs"
                      aria-label={t('editConflict.copyField', { field: label })}
                      onClick={() => void copy(value)}
                    >
                      <CopyIcon aria-hidden />
                      {t('editConflict.copy')}
                    </Button>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('editConflict.nothingTyped')}</p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onKeepEditing} disabled={isReloading}>
            {t('editConflict.keepEditing')}
          </Button>
          <Button type="button" onClick={() => void reload()} disabled={isReloading}>
            {isReloading && <Loader2Icon className="animate-spin" aria-hidden />}
            {t('editConflict.reload')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { type ContractStatus, LOST_REASON_MAX_LENGTH } from '@funil/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** The lost move a reason is asked for: whose deal, and the status it goes to. */
export type LostReasonRequest = { brand: string; status: ContractStatus };

type LostReasonDialogProps = {
  /** The move being asked about; null while closed. */
  request: LostReasonRequest | null;
  /** The reason typed (trimmed), or undefined when skipped, closed or left empty. */
  onDone: (reason: string | undefined) => void;
};

/**
 * "Por que a oportunidade foi perdida?": an optional reason for a move to Declinado or Cancelado,
 * at most 500 characters with a counter. "Salvar motivo" keeps it; "Pular", Esc, the corner X or
 * an outside click go on without one. The move itself happens either way.
 */
export function LostReasonDialog({ request, onDone }: LostReasonDialogProps) {
  const { t } = useTranslation(['leads', 'common']);
  const [reason, setReason] = useState('');
  // The last move asked about stays on screen while the dialog animates closed.
  const [shown, setShown] = useState(request);
  if (request !== null && request !== shown) {
    setShown(request);
    setReason('');
  }
  const textareaId = useId();
  const counterId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onDone(reason.trim() || undefined);
  };

  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onDone(undefined)}>
      <DialogContent closeLabel={t('common:actions.close')} className="sm:max-w-md">
        <form onSubmit={handleSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('lostReason.title')}</DialogTitle>
            <DialogDescription>
              {shown &&
                t('lostReason.description', {
                  brand: shown.brand,
                  status: t(`contractStatus.${shown.status}`),
                })}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={textareaId}>{t('lostReason.label')}</Label>
            <Textarea
              id={textareaId}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={LOST_REASON_MAX_LENGTH}
              rows={4}
              placeholder={t('lostReason.placeholder')}
              aria-describedby={counterId}
              className="max-h-48 min-h-24 break-words"
            />
            <p id={counterId} className="text-right text-xs text-muted-foreground tabular-nums">
              {t('lostReason.counter', { length: reason.length, max: LOST_REASON_MAX_LENGTH })}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onDone(undefined)}>
              {t('lostReason.skip')}
            </Button>
            <Button type="submit">{t('lostReason.save')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

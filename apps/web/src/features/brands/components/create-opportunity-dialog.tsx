import type { Brand } from '@funil/shared';
import { HourglassIcon } from 'lucide-react';
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

type CreateOpportunityDialogProps = {
  /** The brand the opportunity is for; null while closed. */
  brand: Brand | null;
  onOpenChange: (open: boolean) => void;
};

/**
 * 'Nova oportunidade' for a brand of the list. The opportunity form arrives with the pipeline; until
 * then the dialog says so plainly, with the brand already named, rather than offering a form that
 * cannot save.
 */
export function CreateOpportunityDialog({ brand, onOpenChange }: CreateOpportunityDialogProps) {
  const { t } = useTranslation(['brands', 'common']);
  return (
    <Dialog open={brand !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common:actions.close')} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('opportunity.title')}</DialogTitle>
          <DialogDescription>{t('opportunity.description', { brand: brand?.name ?? '' })}</DialogDescription>
        </DialogHeader>
        <div className="flex items-start gap-3 rounded-md border border-dashed p-4" role="status">
          <HourglassIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="space-y-1">
            <p className="font-medium">{t('opportunity.comingSoonTitle')}</p>
            <p className="text-sm text-muted-foreground">
              {t('opportunity.comingSoon', { brand: brand?.name ?? '' })}
            </p>
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common:actions.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

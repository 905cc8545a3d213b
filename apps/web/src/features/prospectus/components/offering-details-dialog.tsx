import { PencilIcon, PowerIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type Offering, useDeleteOffering, useUpdateOffering } from '@/api/offerings';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/http';
import { useFormatters } from '@/lib/format';
import { useCountFormat } from '../hooks/use-count-format';
import { OfferingLeads } from './offering-leads';

type OfferingDetailsDialogProps = {
  /** The offering shown, as the year's cache now holds it (so a sale elsewhere shows at once). */
  offering: Offering | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Admins and managers: Edit, Deactivate or Reactivate, Delete. */
  canWrite: boolean;
  onEdit: (offering: Offering) => void;
};

/**
 * An offering's panel: its figures (table price, quantity, reserved, sold, available, status) and
 * the opportunities that take it; for whoever may change the prospectus, its actions. A refused
 * re-activation (the opportunities would outnumber its units) is a toast in the server's words.
 */
export function OfferingDetailsDialog({
  offering,
  open,
  onOpenChange,
  canWrite,
  onEdit,
}: OfferingDetailsDialogProps) {
  const { t } = useTranslation(['prospectus', 'common']);
  const { currency } = useFormatters();
  const count = useCountFormat();
  const update = useUpdateOffering();
  const remove = useDeleteOffering();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  if (!offering) return null;

  const section = offering.franchise ?? t('grid.national');
  const isActive = offering.status === 'active';

  async function toggleStatus(current: Offering) {
    try {
      await update.mutateAsync({ id: current.id, body: { status: isActive ? 'inactive' : 'active' } });
      toast.success(isActive ? t('status.deactivated') : t('status.activated'));
    } catch (error) {
      toast.error(t('common:errorTitle'), { description: getErrorMessage(error, t('status.error')) });
    }
  }

  async function confirmDelete(current: Offering) {
    setConfirmingDelete(false);
    try {
      await remove.mutateAsync(current.id);
      toast.success(t('delete.done'));
      onOpenChange(false);
    } catch (error) {
      toast.error(t('common:errorTitle'), { description: getErrorMessage(error, t('delete.error')) });
    }
  }

  const figures: [string, string][] = [
    [t('details.price'), currency(offering.list_price)],
    [t('details.quantity'), count(offering.quantity)],
    [t('details.held'), count(offering.held)],
    [t('details.sold'), count(offering.sold)],
    [t('details.available'), count(offering.available)],
  ];
  const busy = update.isPending || remove.isPending;

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          closeLabel={t('common:actions.close')}
          className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg"
        >
          <DialogHeader>
            <DialogTitle className="pr-6">
              {t('details.title', {
                quota: offering.quota.label,
                platform: offering.platform.label,
                vertical: offering.vertical.label,
              })}
            </DialogTitle>
            <DialogDescription>
              {t('details.description', { year: offering.prospectus_year, section })}
            </DialogDescription>
          </DialogHeader>
          <dl aria-label={t('details.figures')} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {figures.map(([label, value]) => (
              <div key={label} className="grid gap-0.5 rounded-lg border p-3">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
            <div className="grid gap-0.5 rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">{t('details.status')}</dt>
              <dd>
                <Badge variant={isActive ? 'secondary' : 'outline'}>
                  {t(isActive ? 'common:status.active' : 'common:status.inactive')}
                </Badge>
              </dd>
            </div>
          </dl>
          <OfferingLeads key={offering.id} offeringId={offering.id} />
          {canWrite && (
            <DialogFooter className="gap-2 sm:justify-start">
              <Button variant="outline" size="sm" onClick={() => onEdit(offering)} disabled={busy}>
                <PencilIcon aria-hidden />
                {t('actions.edit')}
              </Button>
              <Button variant="outline" size="sm" onClick={() => void toggleStatus(offering)} disabled={busy}>
                <PowerIcon aria-hidden />
                {isActive ? t('actions.deactivate') : t('actions.activate')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => setConfirmingDelete(true)}
                disabled={busy}
              >
                <Trash2Icon aria-hidden />
                {t('actions.delete')}
              </Button>
            </DialogFooter>
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmingDelete}
        title={t('delete.title')}
        description={t('delete.description')}
        confirmLabel={t('actions.delete')}
        destructive
        onConfirm={() => void confirmDelete(offering)}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  );
}

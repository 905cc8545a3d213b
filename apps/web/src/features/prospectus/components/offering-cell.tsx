import { useTranslation } from 'react-i18next';
import type { Offering } from '@/api/offerings';
import { cn } from '@/lib/utils';
import { useCountFormat } from '../hooks/use-count-format';
import { occupancyOf, occupiedPercent } from '../utils/prospectus-grid';
import { OCCUPANCY_CLASSES } from './occupancy-styles';

type OfferingCellProps = {
  offering: Offering;
  /** 'Nacional' or the praça's name, said with the cell's other headers. */
  section: string;
  onOpen: (offering: Offering) => void;
};

/**
 * One offering of the grid: "2 de 5" (available of quantity) over its state in words ("40%
 * ocupada", "Esgotada", "Inativa"), coloured by occupancy. A button: its name starts with the
 * quota, platform, vertical and praça (hidden, what the table's headers show), then the visible
 * text, so a speech user can say what they see.
 */
export function OfferingCell({ offering, section, onOpen }: OfferingCellProps) {
  const { t } = useTranslation('prospectus');
  const count = useCountFormat();
  const occupancy = occupancyOf(offering);
  const percent = occupiedPercent(offering);
  const state =
    occupancy === 'inactive'
      ? t('grid.inactive')
      : occupancy === 'full'
        ? t('grid.soldOut')
        : percent === 0
          ? t('grid.free')
          : t('grid.occupied', { percent });
  return (
    <button
      type="button"
      data-occupancy={occupancy}
      onClick={() => onOpen(offering)}
      className={cn(
        'flex min-h-14 w-full min-w-24 flex-col items-center justify-center gap-0.5 rounded-md border px-2 py-1.5 text-center transition-[filter,box-shadow] outline-none hover:brightness-95 focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:hover:brightness-125',
        OCCUPANCY_CLASSES[occupancy],
      )}
    >
      <span className="sr-only">
        {t('grid.cellContext', {
          quota: offering.quota.label,
          platform: offering.platform.label,
          vertical: offering.vertical.label,
          section,
        })}{' '}
      </span>
      <span className="text-base font-semibold whitespace-nowrap tabular-nums">
        {t('grid.cell', { available: count(offering.available), quantity: count(offering.quantity) })}
      </span>{' '}
      <span className="text-xs whitespace-nowrap">{state}</span>
    </button>
  );
}

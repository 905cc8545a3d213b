import type { LeadStockItem } from '@funil/shared';
import { TicketIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A sold-out quota: red tint and text, above 7:1 in both themes, beside the word "Esgotada". */
export const SOLD_OUT_CLASS = 'border-transparent bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100';

type LeadStockBadgesProps = {
  stock: readonly LeadStockItem[];
  className?: string;
};

/**
 * The prospectus's quotas an opportunity takes (or would take), one badge each: "2 de 5" units
 * available, the praça first for a regional one ("São Paulo: 0 de 1"), and "Esgotada" in red when
 * none is left. Each is read as a sentence ("Cota: 2 de 5 disponíveis"), never by colour alone.
 * Nothing when no offering matches.
 */
export function LeadStockBadges({ stock, className }: LeadStockBadgesProps) {
  const { t } = useTranslation('leads');
  const { language } = useFormatters();
  if (stock.length === 0) return null;
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  return (
    <div data-slot="lead-stock" className={cn('flex items-start gap-1.5 text-xs', className)}>
      {/* Beside the first row of badges when they wrap. */}
      <TicketIcon aria-hidden className="mt-1 size-3.5 shrink-0 text-muted-foreground" />
      <div className="flex flex-wrap gap-1">
        {stock.map((item) => {
          const soldOut = item.available <= 0;
          const values = {
            franchise: item.franchise,
            available: number(Math.max(item.available, 0)),
            quantity: number(item.quantity),
          };
          const count = soldOut ? t('stock.soldOut') : t('stock.count', values);
          const shown = item.franchise === null ? count : t('stock.regional', { ...values, count });
          const variant = item.franchise === null ? '' : 'Regional';
          const label = soldOut
            ? t(`stock.labelSoldOut${variant}`, values)
            : t(`stock.label${variant}`, values);
          return (
            <Badge
              key={item.offering_id}
              variant="outline"
              data-sold-out={soldOut || undefined}
              title={label}
              className={cn('tabular-nums', soldOut && SOLD_OUT_CLASS)}
            >
              <span aria-hidden>{shown}</span>
              <span className="sr-only">{label}</span>
            </Badge>
          );
        })}
      </div>
    </div>
  );
}

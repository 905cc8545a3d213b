import type { LeadCreate, LeadCreateInput } from '@funil/shared';
import { TicketIcon } from 'lucide-react';
import { useId } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Lead } from '@/api/leads';
import { SOLD_OUT_CLASS } from '@/components/lead-stock-badges';
import { Badge } from '@/components/ui/badge';
import { useFormatters } from '@/lib/format';
import { useLeadStockPreview } from '../hooks/use-lead-stock-preview';

type LeadStockPreviewProps = {
  control: Control<LeadCreateInput, unknown, LeadCreate>;
  /** The lead being edited (its saved status may already hold a unit); null for a new one. */
  lead: Lead | null;
};

/**
 * Under the opportunity form's money fields, once its year, vertical, platform and quota are
 * chosen: the prospectus's offerings it would take, each with its table price and the units left
 * ("Tabela R$ 450.000,00 · 2 de 5 disponíveis", or "Esgotada"), and how the credit compares with
 * their table prices added up ("R$ 50.000,00 abaixo da tabela"). A muted "Sem cota no prospecto"
 * when none matches.
 */
export function LeadStockPreview({ control, lead }: LeadStockPreviewProps) {
  const { t } = useTranslation('leads');
  const { currency, language } = useFormatters();
  const titleId = useId();
  const preview = useLeadStockPreview(control, lead);
  const number = (value: number) => new Intl.NumberFormat(language).format(value);

  if (preview.status === 'incomplete' || preview.status === 'loading') return null;
  if (preview.status === 'error' || preview.offerings.length === 0) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground sm:col-span-2">
        <TicketIcon aria-hidden className="size-4 shrink-0" />
        {preview.status === 'error' ? t('offerings.loadError') : t('offerings.none')}
      </p>
    );
  }

  const amount = currency(Math.abs(preview.difference));
  const comparison =
    preview.difference < 0
      ? t('offerings.below', { amount })
      : preview.difference > 0
        ? t('offerings.above', { amount })
        : t('offerings.equal');

  return (
    <section
      aria-labelledby={titleId}
      data-slot="lead-stock-preview"
      className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm sm:col-span-2"
    >
      {/* A label, not a heading: the form sits under headings of different levels (the edit
          page's h1, the create dialog's h2). */}
      <p id={titleId} className="flex items-center gap-1.5 font-medium">
        <TicketIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        {t('offerings.title')}
      </p>
      <ul className="grid gap-1.5">
        {preview.offerings.map((offering) => {
          const soldOut = offering.available <= 0;
          return (
            // The spaces between the pieces are for reading (a screen reader, a copy); the flex
            // layout spaces them by its gap.
            <li key={offering.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium">{offering.franchise ?? t('offerings.national')}</span>{' '}
              <span className="text-muted-foreground tabular-nums">
                {t('offerings.price', { price: currency(offering.list_price) })}
              </span>{' '}
              <span aria-hidden className="text-muted-foreground">
                ·
              </span>{' '}
              {soldOut ? (
                <Badge variant="outline" className={SOLD_OUT_CLASS}>
                  {t('stock.soldOut')}
                </Badge>
              ) : (
                <span className="tabular-nums">
                  {t('offerings.available', {
                    available: number(offering.available),
                    quantity: number(offering.quantity),
                  })}
                </span>
              )}
              {preview.heldByLead.has(offering.id) && (
                <>
                  {' '}
                  <span className="text-muted-foreground">({t('offerings.heldByLead')})</span>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <p className="flex flex-wrap gap-x-2 gap-y-1 border-t pt-2">
        {preview.offerings.length > 1 && (
          <span className="text-muted-foreground tabular-nums">
            {t('offerings.tableTotal', { amount: currency(preview.tableTotal) })}
          </span>
        )}{' '}
        <span className="font-medium tabular-nums" data-slot="credit-vs-table">
          {t('offerings.credit', { comparison })}
        </span>
      </p>
    </section>
  );
}

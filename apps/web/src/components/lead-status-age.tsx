import { ClockIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { daysInStatus } from '@/lib/status-age';
import { cn } from '@/lib/utils';

/** The amber of a stale ("parado") deal: above 4.5:1 on cards and rows in both themes. */
export const STALE_TEXT_CLASS = 'text-amber-800 dark:text-amber-300';

type LeadStatusAgeProps = {
  lead: { status_changed_at: string; stale: boolean };
  className?: string;
};

/**
 * How long the lead has been in its status ("12 dias no status"). A stale one (the server's
 * `stale`, by the status's days until stale) says so in words, with an icon and in amber, so
 * the mark never rests on colour alone: "Parado há 35 dias".
 */
export function LeadStatusAge({ lead, className }: LeadStatusAgeProps) {
  const { t } = useTranslation('pipeline');
  const count = daysInStatus(lead.status_changed_at);
  const Icon = lead.stale ? TriangleAlertIcon : ClockIcon;
  return (
    <p
      data-stale={lead.stale || undefined}
      className={cn(
        'flex items-center gap-1.5 text-xs',
        lead.stale ? cn('font-medium', STALE_TEXT_CLASS) : 'text-muted-foreground',
        className,
      )}
    >
      <Icon aria-hidden className="size-3.5 shrink-0" />
      <span>{lead.stale ? t('age.stale', { count }) : t('age.inStatus', { count })}</span>
    </p>
  );
}

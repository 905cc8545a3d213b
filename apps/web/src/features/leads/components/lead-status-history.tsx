import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { leadHistoryQueryOptions } from '@/api/leads';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormatters } from '@/lib/format';
import { ContractStatusBadge } from '@/components/contract-status-badge';

/**
 * How a lead's status changed, newest first: who, from which status to which, and when; its
 * creation reads 'Criada em <status>', and a lost move shows the reason given for it.
 */
export function LeadStatusHistory({ leadId }: { leadId: string }) {
  const { t } = useTranslation('leads');
  const format = useFormatters();
  const query = useQuery(leadHistoryQueryOptions(leadId));
  const headingId = `lead-history-${leadId}`;

  let body;
  if (query.isPending) {
    body = (
      <div className="grid gap-2" aria-busy>
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  } else if (query.isError) {
    body = <p className="text-sm text-destructive">{t('details.historyLoadError')}</p>;
  } else if (query.data.data.length === 0) {
    body = <p className="text-sm text-muted-foreground">{t('details.historyEmpty')}</p>;
  } else {
    body = (
      <ol className="grid gap-2" aria-labelledby={headingId}>
        {query.data.data.map((change) => (
          <li key={change.id} className="rounded-md border px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center gap-1.5">
              {change.from_status === null ? (
                <span>{t('details.created', { status: t(`contractStatus.${change.to_status}`) })}</span>
              ) : (
                <>
                  <ContractStatusBadge status={change.from_status} />
                  <ArrowRightIcon className="size-3.5 text-muted-foreground" aria-hidden />
                  <span className="sr-only">→</span>
                  <ContractStatusBadge status={change.to_status} />
                </>
              )}
            </div>
            {change.reason && (
              <p className="mt-1.5 border-l-2 pl-2 break-words whitespace-pre-line">
                <span className="font-medium">{t('details.reason')}:</span> {change.reason}
              </p>
            )}
            <p className="mt-1 text-xs text-muted-foreground">
              {t('details.by', { name: change.user?.name ?? t('details.removedUser') })} ·{' '}
              <time dateTime={change.createdAt}>{format.dateTimeLong(change.createdAt)}</time>
            </p>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {t('details.history')}
      </h3>
      {body}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { AlertCircleIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { leadListQueryOptions } from '@/api/leads';
import { ContractStatusBadge } from '@/components/contract-status-badge';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/http';
import { useFormatters } from '@/lib/format';

/** The opportunities one panel lists; the rest are counted. */
export const OFFERING_LEADS_LIMIT = 20;

/**
 * The opportunities that take an offering (its year, vertical, platform, quota and praça),
 * whatever their status, newest first: the brand (a link to the opportunity), the status, the
 * credit and the executive.
 */
export function OfferingLeads({ offeringId }: { offeringId: string }) {
  const { t } = useTranslation('prospectus');
  const { currency } = useFormatters();
  const headingId = useId();
  const query = useQuery(
    leadListQueryOptions({ offering: offeringId, page: 1, limit: OFFERING_LEADS_LIMIT }),
  );
  const list = query.data;

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {t('details.leads')}
        </h3>
        {list && list.total > list.data.length && (
          <p className="text-xs text-muted-foreground">
            {t('details.leadsShown', { shown: list.data.length, total: list.total })}
          </p>
        )}
      </div>
      {query.isError ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <AlertTitle>{getErrorMessage(query.error, t('details.leadsError'))}</AlertTitle>
        </Alert>
      ) : !list ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : list.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
          {t('details.leadsEmpty')}
        </p>
      ) : (
        <ul className="grid divide-y rounded-lg border">
          {list.data.map((lead) => (
            <li
              key={lead.id}
              className="grid gap-1 px-3 py-2 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-3"
            >
              <div className="min-w-0">
                <Link
                  to={`/leads/editar/${encodeURIComponent(lead.id)}`}
                  className="block truncate font-medium underline-offset-4 hover:underline focus-visible:underline"
                >
                  {lead.brand_id.name}
                </Link>
                <p className="truncate text-xs text-muted-foreground">
                  {lead.executive?.name ?? t('details.noExecutive')}
                </p>
              </div>
              <div className="flex items-center gap-2 sm:justify-end">
                <ContractStatusBadge status={lead.contract_status} />
                <span className="text-sm tabular-nums">
                  <span className="sr-only">{t('details.credit')}: </span>
                  {currency(lead.credit, { decimals: false })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

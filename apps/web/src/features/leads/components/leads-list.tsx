import { BRAND_PAGE_SIZES, type LeadSortField } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lead, type LeadFilters, leadListQueryOptions } from '@/api/leads';
import { DataTable, useServerTableState } from '@/components/data-table';
import { useFormatters } from '@/lib/format';
import { LeadRowSelectionContext, type LeadRowSelection } from './lead-row-select';
import { getLeadColumns } from './leads-columns';

export type LeadsListProps = {
  /** The pipeline's filters (its filter panel owns them); new filters start at page 1. */
  filters: LeadFilters;
  /** When given, each row offers 'Ver detalhes' (the details dialog is the caller's). */
  onOpenDetails?: (lead: Lead) => void;
  /** Extra controls in the table's toolbar, such as the kanban/list switch. */
  toolbar?: ReactNode;
  /** Told the order the list is sorted in, whenever it changes (an export follows it). */
  onSortChange?: (sort: LeadListSort) => void;
  /** When given, each row has a checkbox, and the header one checks the whole page. */
  selection?: LeadRowSelection;
};

/** The order of the list: a sort field and its direction. */
export type LeadListSort = { sort: LeadSortField; order: 'asc' | 'desc' };

/**
 * The pipeline's list view: the leads under the filters, paged and sorted on the server (newest
 * first unless a header says otherwise; 10, 20, 50 or 100 a page), money in whole reais.
 */
export function LeadsList({ filters, onOpenDetails, toolbar, onSortChange, selection }: LeadsListProps) {
  const { t } = useTranslation('leads');
  const { currency } = useFormatters();
  const { controls, params } = useServerTableState<LeadSortField>({
    initialPageSize: 20,
    scope: JSON.stringify(filters),
  });
  // No header sorting means the API's default, asked explicitly.
  const sort = params.sort ?? 'createdAt';
  const order = params.order ?? 'desc';
  const query = useQuery(
    leadListQueryOptions({ ...filters, page: params.page, limit: params.limit, sort, order }),
  );
  useEffect(() => {
    onSortChange?.({ sort, order });
  }, [onSortChange, sort, order]);

  const selectable = selection !== undefined;
  const columns = useMemo(
    () =>
      getLeadColumns({
        t,
        money: (value) => currency(value, { decimals: false }),
        onOpenDetails,
        selectable,
      }),
    [t, currency, onOpenDetails, selectable],
  );

  return (
    <LeadRowSelectionContext value={selection ?? null}>
      <DataTable<Lead>
        label={t('list.tableLabel')}
        columns={columns}
        query={query}
        loadError={{ title: t('list.loadError'), toastId: 'leads-load-error' }}
        getRowId={(lead) => lead.id}
        server={controls}
        searchable={false}
        pageSizes={BRAND_PAGE_SIZES}
        emptyTitle={t('list.noLeadFound')}
        emptyDescription={t('list.noLeadFoundDescription')}
        toolbar={toolbar}
      />
    </LeadRowSelectionContext>
  );
}

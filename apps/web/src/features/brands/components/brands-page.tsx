import { BRAND_PAGE_SIZES, type Brand, type BrandSortField, type RecordStatus } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brandListQueryOptions } from '@/api/brands';
import {
  DataTable,
  type StatusFilter,
  StatusFilterSelect,
  statusParam,
  useServerTableState,
} from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { getBrandColumns } from './brands-columns';

type BrandsPageProps = {
  /**
   * The create-opportunity dialog for the brand a row chose (null: closed), composed by the route:
   * the opportunity form belongs to the leads feature.
   */
  opportunityDialog: (brand: Brand | null, onOpenChange: (open: boolean) => void) => ReactNode;
  /**
   * More toolbar actions (export, import), composed by the route; given the list's query without
   * its paging, so an export holds what the list shows.
   */
  toolbarActions?: (query: BrandListView) => ReactNode;
};

/** What the list shows, without its paging: the search, the status filter and the order. */
export type BrandListView = {
  search?: string;
  status?: RecordStatus;
  sort?: BrandSortField;
  order?: 'asc' | 'desc';
};

/**
 * /marcas/gerenciar: the brands, paged, sorted and searched on the server (20 a page by default;
 * 10, 20, 50 or 100), active ones unless the status filter says otherwise.
 */
export function BrandsPage({ opportunityDialog, toolbarActions }: BrandsPageProps) {
  const { t } = useTranslation('brands');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('active');
  const [opportunityFor, setOpportunityFor] = useState<Brand | null>(null);
  const { controls, params } = useServerTableState<BrandSortField>({
    initialPageSize: 20,
    initialSorting: [{ id: 'name', desc: false }],
  });
  const query = useQuery(brandListQueryOptions({ ...params, status: statusParam(statusFilter) }));
  const view: BrandListView = {
    search: params.search,
    status: statusParam(statusFilter),
    sort: params.sort,
    order: params.order,
  };

  const columns = useMemo(() => getBrandColumns({ t, onCreateOpportunity: setOpportunityFor }), [t]);

  const createButton = (
    <Button size="sm" asChild>
      <Link to="/marcas/criar">
        <PlusIcon />
        {t('list.new')}
      </Link>
    </Button>
  );

  return (
    <>
      <DataTable<Brand>
        label={t('list.tableLabel')}
        columns={columns}
        query={query}
        loadError={{ title: t('list.loadError'), toastId: 'brands-load-error' }}
        getRowId={(brand) => brand.id}
        server={controls}
        searchPlaceholder={t('list.search')}
        pageSizes={BRAND_PAGE_SIZES}
        emptyTitle={t('list.emptyTitle')}
        emptyDescription={statusFilter === 'inactive' ? t('list.noneInactive') : t('list.emptyDescription')}
        emptyAction={createButton}
        toolbar={
          <>
            <StatusFilterSelect
              value={statusFilter}
              onChange={(next) => {
                setStatusFilter(next);
                controls.setPageIndex(0);
              }}
              texts={t('statusFilter', { returnObjects: true })}
            />
            {toolbarActions?.(view)}
            {createButton}
          </>
        }
      />
      {opportunityDialog(opportunityFor, (open) => {
        if (!open) setOpportunityFor(null);
      })}
    </>
  );
}

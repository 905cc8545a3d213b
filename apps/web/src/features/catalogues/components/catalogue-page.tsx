import type { CatalogueItem, CatalogueResource } from '@funil/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueListQueryOptions } from '@/api/catalogues';
import { DataTable, type StatusFilter, StatusFilterSelect, statusParam } from '@/components/data-table';
import { useEditDialog } from '@/components/form/use-edit-dialog';
import { Button } from '@/components/ui/button';
import { matchesCatalogueItem } from '../utils/catalogue-search';
import { getCatalogueColumns } from './catalogue-columns';
import { CatalogueDialog } from './catalogue-dialog';

export type CataloguePageProps = {
  resource: CatalogueResource;
  /** Create and edit are offered only with the catalogue.write permission; others read. */
  canManage: boolean;
};

/**
 * The verticals, quota types and platforms screens: one table and one dialog, configured by the
 * resource. The list loads newest first, active items unless the status filter says otherwise
 * (so an inactive item can be found and reactivated), and is searched and paged on the client.
 */
export function CataloguePage({ resource, canManage }: CataloguePageProps) {
  const { t } = useTranslation('catalogues');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('active');
  const dialog = useEditDialog<CatalogueItem>();

  const query = useQuery({
    ...catalogueListQueryOptions(resource, {
      status: statusParam(statusFilter),
      sort: 'createdAt',
      order: 'desc',
    }),
    // Switching the status filter keeps the rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

  const { openEdit } = dialog;
  const columns = useMemo(
    () => getCatalogueColumns({ t, onEdit: canManage ? openEdit : undefined }),
    [t, canManage, openEdit],
  );

  const createButton = canManage ? (
    <Button size="sm" onClick={dialog.openCreate}>
      <PlusIcon />
      {t(`${resource}.new`)}
    </Button>
  ) : null;

  return (
    <>
      <DataTable<CatalogueItem>
        label={t(`${resource}.tableLabel`)}
        columns={columns}
        query={query}
        loadError={{ title: t(`${resource}.loadError`), toastId: `${resource}-load-error` }}
        getRowId={(item) => item.id}
        filterFn={matchesCatalogueItem}
        searchPlaceholder={t('search')}
        emptyTitle={t(`${resource}.emptyTitle`)}
        // 'Comece criando...' would mislead when only the inactive ones are asked for.
        emptyDescription={
          statusFilter === 'inactive' ? t('statusFilter.noneInactive') : t(`${resource}.emptyDescription`)
        }
        emptyAction={createButton}
        toolbar={
          <>
            <StatusFilterSelect
              value={statusFilter}
              onChange={setStatusFilter}
              texts={t('statusFilter', { returnObjects: true })}
            />
            {createButton}
          </>
        }
      />
      {canManage && (
        <CatalogueDialog
          resource={resource}
          open={dialog.open}
          item={dialog.item}
          onOpenChange={dialog.onOpenChange}
        />
      )}
    </>
  );
}

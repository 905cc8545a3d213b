import type { CatalogueItem, CatalogueResource } from '@funil/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueListQueryOptions } from '@/api/catalogues';
import { DataTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/http';
import {
  matchesCatalogueItem,
  STATUS_FILTERS,
  type StatusFilter,
  statusParam,
} from '../utils/catalogue-search';
import { catalogueColumns } from './catalogue-columns';
import { CatalogueDialog } from './catalogue-dialog';

export type CatalogueScreenProps = {
  resource: CatalogueResource;
  /** Admin and manager create and edit (API.md "Roles"); others only read. */
  canEdit: boolean;
};

type DialogState = { open: boolean; item: CatalogueItem | null };

/**
 * The verticals, quota types and platforms screens (SPEC.md §2): one table and one dialog,
 * configured by the resource. The list loads newest first with the chosen status (SPEC.md §7 loads
 * `status=active`; the filter lets an inactive item be found and reactivated).
 */
export function CatalogueScreen({ resource, canEdit }: CatalogueScreenProps) {
  const { t } = useTranslation('catalogues');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('active');
  const [dialog, setDialog] = useState<DialogState>({ open: false, item: null });

  const query = useQuery({
    ...catalogueListQueryOptions(resource, {
      status: statusParam(statusFilter),
      sort: 'createdAt',
      order: 'desc',
    }),
    // Switching the status filter keeps the rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(
    () =>
      catalogueColumns({
        t,
        onEdit: canEdit ? (item) => setDialog({ open: true, item }) : null,
      }),
    [t, canEdit],
  );

  const createButton = canEdit ? (
    <Button size="sm" onClick={() => setDialog({ open: true, item: null })}>
      <PlusIcon />
      {t(`${resource}.new`)}
    </Button>
  ) : null;

  return (
    <>
      <DataTable<CatalogueItem>
        columns={columns}
        data={query.data?.data}
        getRowId={(item) => item.id}
        filterFn={matchesCatalogueItem}
        isLoading={query.isPending}
        isFetching={query.isFetching}
        isError={query.isError}
        errorTitle={t(`${resource}.loadError`)}
        errorMessage={query.error ? getErrorMessage(query.error, '') || undefined : undefined}
        onRefresh={() => void query.refetch()}
        searchPlaceholder={t('search')}
        emptyTitle={t(`${resource}.emptyTitle`)}
        // 'Comece criando...' would mislead when only the inactive ones are asked for.
        emptyDescription={
          statusFilter === 'inactive' ? t('statusFilter.noneInactive') : t(`${resource}.emptyDescription`)
        }
        emptyAction={createButton}
        label={t(`${resource}.tableLabel`)}
        toolbar={
          <>
            <Select value={statusFilter} onValueChange={(value) => setStatusFilter(value as StatusFilter)}>
              <SelectTrigger size="sm" className="w-32" aria-label={t('statusFilter.label')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {STATUS_FILTERS.map((filter) => (
                  <SelectItem key={filter} value={filter}>
                    {t(`statusFilter.${filter}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {createButton}
          </>
        }
      />
      <CatalogueDialog
        resource={resource}
        open={dialog.open}
        item={dialog.item}
        onOpenChange={(open) => setDialog((previous) => ({ ...previous, open }))}
      />
    </>
  );
}

import { RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@/components/search-box';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

type DataTableToolbarProps = {
  /** False when the screen searches elsewhere (the pipeline's filter panel): no search box. */
  searchable?: boolean;
  search: string;
  onSearchChange: (text: string) => void;
  searchPlaceholder?: string;
  /** Filters and the create button, after the search box. */
  children?: ReactNode;
  /** Null while unknown: loading, or the load failed (a "Total: 0" would read as an empty list). */
  total: number | null;
  isLoading: boolean;
  isFetching: boolean;
  pageSize: number;
  pageSizes: readonly number[];
  onPageSizeChange: (pageSize: number) => void;
  onRefresh: () => void;
};

/** Search box, the screen's own controls, the total, the page-size picker and the refresh button. */
export function DataTableToolbar({
  searchable = true,
  search,
  onSearchChange,
  searchPlaceholder,
  children,
  total,
  isLoading,
  isFetching,
  pageSize,
  pageSizes,
  onPageSizeChange,
  onRefresh,
}: DataTableToolbarProps) {
  const { t } = useTranslation('table');
  const placeholder = searchPlaceholder ?? t('search');
  return (
    <div className="flex flex-wrap items-center gap-2">
      {searchable && <SearchBox value={search} onChange={onSearchChange} label={placeholder} />}
      {children}
      <div className="flex flex-1 flex-wrap items-center justify-end gap-2">
        <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
          {isLoading ? (
            <Skeleton className="h-4 w-24" />
          ) : total === null ? null : (
            t('total', { count: total })
          )}
        </span>
        <Select value={String(pageSize)} onValueChange={(value) => onPageSizeChange(Number(value))}>
          <SelectTrigger size="sm" className="w-[4.5rem]" aria-label={t('pageSize')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {pageSizes.map((size) => (
              <SelectItem key={size} value={String(size)}>
                {size}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button
          variant="outline"
          size="icon-sm"
          onClick={onRefresh}
          disabled={isLoading}
          aria-label={t('refresh')}
          title={t('refresh')}
        >
          <RefreshCwIcon className={cn(isFetching && !isLoading && 'animate-spin')} />
        </Button>
      </div>
    </div>
  );
}

import { ChevronLeftIcon, ChevronRightIcon, MoreHorizontalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { getPageRange } from './page-range';

export type DataTablePaginationProps = {
  /** 0-based, as @tanstack/react-table counts. */
  pageIndex: number;
  pageCount: number;
  onPageChange: (pageIndex: number) => void;
};

/** Anterior / first … neighbours … last / Próximo. */
export function DataTablePagination({ pageIndex, pageCount, onPageChange }: DataTablePaginationProps) {
  const { t } = useTranslation('table');
  const currentPage = pageIndex + 1;
  const range = getPageRange(currentPage, pageCount);

  return (
    <nav aria-label={t('pagination')} className="flex items-center gap-1">
      <Button
        variant="outline"
        size="sm"
        aria-label={t('previous')}
        disabled={currentPage <= 1}
        onClick={() => onPageChange(pageIndex - 1)}
      >
        <ChevronLeftIcon />
        <span className="hidden sm:inline">{t('previous')}</span>
      </Button>
      {range.map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            variant={item === currentPage ? 'default' : 'ghost'}
            size="sm"
            className="min-w-8 px-2 tabular-nums"
            aria-label={t('page', { page: item })}
            aria-current={item === currentPage ? 'page' : undefined}
            onClick={() => onPageChange(item - 1)}
          >
            {item}
          </Button>
        ) : (
          <span
            key={item}
            role="img"
            aria-label={t('morePages')}
            className="flex size-8 items-center justify-center text-muted-foreground"
          >
            <MoreHorizontalIcon className="size-4" />
          </span>
        ),
      )}
      <Button
        variant="outline"
        size="sm"
        aria-label={t('next')}
        disabled={currentPage >= pageCount}
        onClick={() => onPageChange(pageIndex + 1)}
      >
        <span className="hidden sm:inline">{t('next')}</span>
        <ChevronRightIcon />
      </Button>
    </nav>
  );
}

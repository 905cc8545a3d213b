import type { Column } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export type DataTableColumnHeaderProps<TData, TValue> = {
  column: Column<TData, TValue>;
  title: string;
  className?: string;
};

/** A header that sorts its column on click (asc → desc → none); plain text when it cannot sort. */
export function DataTableColumnHeader<TData, TValue>({
  column,
  title,
  className,
}: DataTableColumnHeaderProps<TData, TValue>) {
  const { t } = useTranslation('table');
  if (!column.getCanSort()) return <span className={className}>{title}</span>;

  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUpIcon : sorted === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn('-ml-2 h-8 px-2 data-[sorted=true]:text-foreground', className)}
      data-sorted={sorted !== false}
      title={sorted === 'asc' ? t('sortDescending') : t('sortAscending')}
      onClick={column.getToggleSortingHandler()}
    >
      {title}
      <Icon className={cn('size-3.5', sorted === false && 'text-muted-foreground/60')} />
    </Button>
  );
}

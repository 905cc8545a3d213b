import { ChevronsRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ColumnCountBadge } from './column-count-badge';

type CollapsedColumnProps = {
  label: string;
  count: number;
  onExpand: () => void;
};

/** An 80 px strip in place of a collapsed column: its name, its count and a way back. */
export function CollapsedColumn({ label, count, onExpand }: CollapsedColumnProps) {
  const { t } = useTranslation('pipeline');
  return (
    <div className="flex h-full flex-col items-center gap-3 py-2">
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={t('column.expand', { column: label })}
        onClick={onExpand}
      >
        <ChevronsRightIcon />
      </Button>
      <ColumnCountBadge label={label} count={count} />
      <span aria-hidden className="text-sm font-semibold [writing-mode:vertical-rl]">
        {label}
      </span>
    </div>
  );
}

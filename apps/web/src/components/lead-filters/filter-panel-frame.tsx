import { ChevronDownIcon, FilterIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { cn } from '@/lib/utils';

type FilterPanelFrameProps = {
  activeCount: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClear: () => void;
  /** The grid's columns per width (the filters sit two to a row on a phone). */
  gridClassName?: string;
  /** The filters' fields, in the grid under the header while the panel is open. */
  children: ReactNode;
};

/**
 * A collapsible filter panel: "Filtros", how many are in use, "Limpar filtros" while any is, the
 * button that folds it, then the fields. The pipeline's and the report's panels are this one.
 */
export function FilterPanelFrame({
  activeCount,
  open,
  onOpenChange,
  onClear,
  gridClassName,
  children,
}: FilterPanelFrameProps) {
  const { t } = useTranslation('pipeline');
  return (
    <Collapsible open={open} onOpenChange={onOpenChange} className="rounded-xl border bg-card">
      <div className="flex flex-wrap items-center gap-2 px-4 py-2">
        <FilterIcon aria-hidden className="size-4 text-muted-foreground" />
        <h2 className="text-sm font-semibold">{t('filters.title')}</h2>
        {activeCount > 0 && <Badge>{t('filters.active', { count: activeCount })}</Badge>}
        <div className="ml-auto flex items-center gap-1">
          {activeCount > 0 && (
            <Button variant="ghost" size="sm" onClick={onClear}>
              <XIcon />
              {t('filters.clear')}
            </Button>
          )}
          <CollapsibleTrigger asChild>
            <Button variant="ghost" size="sm" aria-label={open ? t('filters.collapse') : t('filters.expand')}>
              <ChevronDownIcon className={cn('transition-transform', open && 'rotate-180')} />
            </Button>
          </CollapsibleTrigger>
        </div>
      </div>
      <CollapsibleContent>
        <div className={cn('grid grid-cols-2 items-start gap-3 border-t px-4 py-3', gridClassName)}>
          {children}
        </div>
      </CollapsibleContent>
    </Collapsible>
  );
}

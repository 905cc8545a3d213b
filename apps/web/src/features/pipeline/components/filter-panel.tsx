import { PROSPECTUS_YEARS } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronDownIcon, FilterIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedCallback } from 'use-debounce';
import { activeCatalogueOptions } from '@/api/catalogues';
import { franchisesQueryOptions } from '@/api/franchises';
import { SEARCH_DEBOUNCE_MS } from '@/components/data-table';
import { SearchBox } from '@/components/search-box';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useStoredState } from '@/lib/use-stored-state';
import { cn } from '@/lib/utils';
import type { PipelineFilters } from '../utils/pipeline-filters';
import { FilterSelect } from './filter-select';
import { FranchiseFilter } from './franchise-filter';

type FilterPanelProps = {
  filters: PipelineFilters;
  activeCount: number;
  onChange: (filters: PipelineFilters) => void;
  onClear: () => void;
};

const YEAR_OPTIONS = PROSPECTUS_YEARS.map((year) => ({ value: String(year), label: String(year) }));

/** The pipeline's filters: brand search, catalogues, year, franchises and stale; collapsible. */
export function FilterPanel({ filters, activeCount, onChange, onClear }: FilterPanelProps) {
  const { t } = useTranslation('pipeline');
  const [isCollapsed, setCollapsed] = useStoredState(
    STORAGE_KEYS.leadFiltersCollapsed,
    (stored) => stored === 'true',
  );
  const verticals = useQuery(activeCatalogueOptions('verticals'));
  const quotas = useQuery(activeCatalogueOptions('quotas'));
  const platforms = useQuery(activeCatalogueOptions('platforms'));
  const franchises = useQuery(franchisesQueryOptions());
  // Catalogue items are shown by their label, as in the lead form and the list.
  const toOptions = (items: { id: string; label: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: item.id, label: item.label }));

  // 'Limpar filtros' empties the search box too: a new box, from the cleared filters.
  const [searchBoxKey, setSearchBoxKey] = useState(0);
  const set = (patch: Partial<PipelineFilters>) => onChange({ ...filters, ...patch });
  const staleOptions = [
    { value: 'true', label: t('filters.staleOnly') },
    { value: 'false', label: t('filters.staleFresh') },
  ];

  return (
    <Collapsible
      open={!isCollapsed}
      onOpenChange={(open) => setCollapsed(!open)}
      className="rounded-xl border bg-card"
    >
      <div className="flex flex-wrap items-center gap-2 px-4 py-2">
        <FilterIcon aria-hidden className="size-4 text-muted-foreground" />
        <h2 className="text-sm font-semibold">{t('filters.title')}</h2>
        {activeCount > 0 && <Badge>{t('filters.active', { count: activeCount })}</Badge>}
        <div className="ml-auto flex items-center gap-1">
          {activeCount > 0 && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setSearchBoxKey((key) => key + 1);
                onClear();
              }}
            >
              <XIcon />
              {t('filters.clear')}
            </Button>
          )}
          <CollapsibleTrigger asChild>
            <Button
              variant="ghost"
              size="sm"
              aria-label={isCollapsed ? t('filters.expand') : t('filters.collapse')}
            >
              <ChevronDownIcon className={cn('transition-transform', !isCollapsed && 'rotate-180')} />
            </Button>
          </CollapsibleTrigger>
        </div>
      </div>
      <CollapsibleContent>
        <div className="grid grid-cols-2 items-start gap-3 border-t px-4 py-3 lg:grid-cols-4 2xl:grid-cols-7">
          <BrandSearch
            key={searchBoxKey}
            initialText={filters.brand}
            title={t('filters.brand')}
            label={t('filters.brandPlaceholder')}
            onCommit={(brand) => onChange({ ...filters, brand })}
          />
          <FilterSelect
            id="pipeline-filter-vertical"
            label={t('filters.vertical')}
            anyLabel={t('filters.all')}
            value={filters.vertical}
            options={toOptions(verticals.data?.data)}
            onChange={(vertical) => set({ vertical })}
          />
          <FilterSelect
            id="pipeline-filter-quota"
            label={t('filters.quota')}
            anyLabel={t('filters.all')}
            value={filters.quota}
            options={toOptions(quotas.data?.data)}
            onChange={(quota) => set({ quota })}
          />
          <FilterSelect
            id="pipeline-filter-platform"
            label={t('filters.platform')}
            anyLabel={t('filters.all')}
            value={filters.platform}
            options={toOptions(platforms.data?.data)}
            onChange={(platform) => set({ platform })}
          />
          <FilterSelect
            id="pipeline-filter-year"
            label={t('filters.year')}
            anyLabel={t('filters.all')}
            value={filters.year}
            options={YEAR_OPTIONS}
            onChange={(year) => set({ year })}
          />
          <FranchiseFilter
            names={(franchises.data?.data ?? []).map((franchise) => franchise.name)}
            selected={filters.franchises}
            onChange={(selected) => set({ franchises: selected })}
          />
          <FilterSelect
            id="pipeline-filter-stale"
            label={t('filters.stale')}
            anyLabel={t('filters.staleAll')}
            value={filters.stale}
            options={staleOptions}
            onChange={(stale) => set({ stale })}
          />
        </div>
      </CollapsibleContent>
    </Collapsible>
  );
}

/** The brand search: the box answers each key at once; the board is asked once typing pauses. */
function BrandSearch({
  initialText,
  title,
  label,
  onCommit,
}: {
  initialText: string;
  /** Shown above the box, like the dropdowns' labels, so the row lines up. */
  title: string;
  label: string;
  onCommit: (brand: string) => void;
}) {
  const [text, setText] = useState(initialText);
  const commit = useDebouncedCallback(onCommit, SEARCH_DEBOUNCE_MS);
  return (
    <div className="col-span-2 grid gap-1.5 lg:col-span-1 [&>div]:sm:w-full">
      <span aria-hidden className="text-sm leading-none font-medium">
        {title}
      </span>
      <SearchBox
        value={text}
        label={label}
        onChange={(next) => {
          setText(next);
          commit(next);
        }}
      />
    </div>
  );
}

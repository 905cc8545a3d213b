import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedCallback } from 'use-debounce';
// The module itself, not the table's index: the board does not download the table.
import { SEARCH_DEBOUNCE_MS } from '@/components/data-table/use-server-table-state';
import { FilterPanelFrame } from '@/components/lead-filters/filter-panel-frame';
import { CatalogueFilterSelects } from '@/components/lead-filters/catalogue-filter-selects';
import { FilterSelect } from '@/components/lead-filters/filter-select';
import { FranchiseFilter } from '@/components/lead-filters/franchise-filter';
import { useFilterOptions } from '@/components/lead-filters/use-filter-options';
import { SearchBox } from '@/components/search-box';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useStoredState } from '@/lib/use-stored-state';
import type { PipelineFilters } from '../utils/pipeline-filters';

type FilterPanelProps = {
  filters: PipelineFilters;
  activeCount: number;
  onChange: (filters: PipelineFilters) => void;
  onClear: () => void;
};

/** The pipeline's filters: brand search, catalogues, year, franchises, stale and tasks; collapsible. */
export function FilterPanel({ filters, activeCount, onChange, onClear }: FilterPanelProps) {
  const { t } = useTranslation('pipeline');
  const [isCollapsed, setCollapsed] = useStoredState(
    STORAGE_KEYS.leadFiltersCollapsed,
    (stored) => stored === 'true',
  );
  const options = useFilterOptions();

  // 'Limpar filtros' empties the search box too: a new box, from the cleared filters.
  const [searchBoxKey, setSearchBoxKey] = useState(0);
  const set = (patch: Partial<PipelineFilters>) => onChange({ ...filters, ...patch });
  const staleOptions = [
    { value: 'true', label: t('filters.staleOnly') },
    { value: 'false', label: t('filters.staleFresh') },
  ];
  const taskOptions = [
    { value: 'overdue', label: t('filters.taskOverdue') },
    { value: 'open', label: t('filters.taskOpen') },
    { value: 'none', label: t('filters.taskNone') },
  ];

  return (
    <FilterPanelFrame
      activeCount={activeCount}
      open={!isCollapsed}
      onOpenChange={(open) => setCollapsed(!open)}
      onClear={() => {
        setSearchBoxKey((key) => key + 1);
        onClear();
      }}
      gridClassName="lg:grid-cols-4 2xl:grid-cols-8"
    >
      <BrandSearch
        key={searchBoxKey}
        initialText={filters.brand}
        title={t('filters.brand')}
        label={t('filters.brandPlaceholder')}
        onCommit={(brand) => onChange({ ...filters, brand })}
      />
      <CatalogueFilterSelects idPrefix="pipeline-filter" filters={filters} options={options} onChange={set} />
      <FilterSelect
        id="pipeline-filter-year"
        label={t('filters.year')}
        anyLabel={t('filters.all')}
        value={filters.year}
        options={options.years}
        onChange={(year) => set({ year })}
      />
      <FranchiseFilter
        id="pipeline-filter-franchises"
        names={options.franchises}
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
      <FilterSelect
        id="pipeline-filter-task"
        label={t('filters.task')}
        anyLabel={t('filters.taskAll')}
        value={filters.task}
        options={taskOptions}
        onChange={(task) => set({ task })}
      />
    </FilterPanelFrame>
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

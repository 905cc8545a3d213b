import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterPanelFrame } from '@/components/lead-filters/filter-panel-frame';
import { CatalogueFilterSelects } from '@/components/lead-filters/catalogue-filter-selects';
import { FilterSelect } from '@/components/lead-filters/filter-select';
import { FranchiseFilter } from '@/components/lead-filters/franchise-filter';
import { useFilterOptions } from '@/components/lead-filters/use-filter-options';
import { useReportExecutives } from '../hooks/use-report-executives';
import type { ReportFilters } from '../utils/report-filters';

type ReportFiltersPanelProps = {
  filters: ReportFilters;
  activeCount: number;
  onChange: (filters: ReportFilters) => void;
  onClear: () => void;
};

/**
 * The leads a report counts: by executive, vertical, quota type, platform, franchises and
 * prospectus year, with the pipeline's controls; collapsible, open when the page opens.
 */
export function ReportFiltersPanel({ filters, activeCount, onChange, onClear }: ReportFiltersPanelProps) {
  const { t } = useTranslation('pipeline');
  const { t: tLeads } = useTranslation('leads');
  const [open, setOpen] = useState(true);
  const options = useFilterOptions();
  const executives = useReportExecutives();
  const set = (patch: Partial<ReportFilters>) => onChange({ ...filters, ...patch });

  return (
    <FilterPanelFrame
      activeCount={activeCount}
      open={open}
      onOpenChange={setOpen}
      onClear={onClear}
      gridClassName="md:grid-cols-3 2xl:grid-cols-6"
    >
      <FilterSelect
        id="report-filter-executive"
        label={tLeads('fields.executive')}
        anyLabel={t('filters.all')}
        value={filters.executive}
        options={executives}
        onChange={(executive) => set({ executive })}
      />
      <CatalogueFilterSelects idPrefix="report-filter" filters={filters} options={options} onChange={set} />
      <FranchiseFilter
        id="report-filter-franchises"
        names={options.franchises}
        selected={filters.franchises}
        onChange={(franchises) => set({ franchises })}
      />
      <FilterSelect
        id="report-filter-year"
        label={tLeads('fields.prospectus_year')}
        anyLabel={t('filters.all')}
        value={filters.year}
        options={options.years}
        onChange={(year) => set({ year })}
      />
    </FilterPanelFrame>
  );
}

import { useTranslation } from 'react-i18next';
import type { SelectOption } from '@/components/option-select';
import { FilterSelect } from './filter-select';

type CatalogueFilters = { vertical: string; quota: string; platform: string };

type CatalogueFilterSelectsProps = {
  /** Prefix of the selects' ids, unique on the page (`pipeline-filter`, `report-filter`). */
  idPrefix: string;
  filters: CatalogueFilters;
  options: { verticals: SelectOption[]; quotas: SelectOption[]; platforms: SelectOption[] };
  onChange: (patch: Partial<CatalogueFilters>) => void;
};

/** The vertical, quota type and platform selects of a lead filter panel ("Todas": no filter). */
export function CatalogueFilterSelects({
  idPrefix,
  filters,
  options,
  onChange,
}: CatalogueFilterSelectsProps) {
  const { t } = useTranslation('pipeline');
  return (
    <>
      <FilterSelect
        id={`${idPrefix}-vertical`}
        label={t('filters.vertical')}
        anyLabel={t('filters.all')}
        value={filters.vertical}
        options={options.verticals}
        onChange={(vertical) => onChange({ vertical })}
      />
      <FilterSelect
        id={`${idPrefix}-quota`}
        label={t('filters.quota')}
        anyLabel={t('filters.all')}
        value={filters.quota}
        options={options.quotas}
        onChange={(quota) => onChange({ quota })}
      />
      <FilterSelect
        id={`${idPrefix}-platform`}
        label={t('filters.platform')}
        anyLabel={t('filters.all')}
        value={filters.platform}
        options={options.platforms}
        onChange={(platform) => onChange({ platform })}
      />
    </>
  );
}

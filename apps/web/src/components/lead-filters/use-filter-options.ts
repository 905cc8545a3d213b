import { PROSPECTUS_YEARS } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { activeCatalogueOptions } from '@/api/catalogues';
import { franchisesQueryOptions } from '@/api/franchises';
import type { SelectOption } from '@/components/option-select';

const YEAR_OPTIONS: SelectOption[] = PROSPECTUS_YEARS.map((year) => ({
  value: String(year),
  label: String(year),
}));

// Catalogue items are shown by their label, as in the lead form and the list.
const toOptions = (items: { id: string; label: string }[] | undefined): SelectOption[] =>
  (items ?? []).map((item) => ({ value: item.id, label: item.label }));

/**
 * The lead filters' choices: the active verticals, quota types and platforms (by id), the
 * prospectus years and the franchises' names. A list that fails to load stays empty.
 */
export function useFilterOptions() {
  const verticals = useQuery(activeCatalogueOptions('verticals'));
  const quotas = useQuery(activeCatalogueOptions('quotas'));
  const platforms = useQuery(activeCatalogueOptions('platforms'));
  const franchises = useQuery(franchisesQueryOptions());
  return {
    verticals: toOptions(verticals.data?.data),
    quotas: toOptions(quotas.data?.data),
    platforms: toOptions(platforms.data?.data),
    years: YEAR_OPTIONS,
    franchises: (franchises.data?.data ?? []).map((franchise) => franchise.name),
  };
}

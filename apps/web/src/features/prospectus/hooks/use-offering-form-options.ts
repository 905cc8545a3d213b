import type { CatalogueResource } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { activeCatalogueOptions } from '@/api/catalogues';
import { franchisesQueryOptions } from '@/api/franchises';
import type { Offering } from '@/api/offerings';
import type { SelectOption } from '@/components/option-select';

/** The active items by label; an offering's own item, deactivated since, stays offered beside them. */
function useCatalogue(resource: CatalogueResource, current: { id: string; label: string } | undefined) {
  const query = useQuery(activeCatalogueOptions(resource));
  const options: SelectOption[] = (query.data?.data ?? []).map((item) => ({
    value: item.id,
    label: item.label,
  }));
  if (!current || options.some((option) => option.value === current.id)) return options;
  return [{ value: current.id, label: current.label }, ...options];
}

/**
 * The offering form's choices: active verticals, platforms and quota types, and every praça (an
 * offering's own praça, should it be gone from the list, is kept). A list that fails to load
 * stays empty; the form still says what is required.
 */
export function useOfferingFormOptions(offering: Offering | null) {
  const verticals = useCatalogue('verticals', offering?.vertical);
  const platforms = useCatalogue('platforms', offering?.platform);
  const quotas = useCatalogue('quotas', offering?.quota);
  const franchisesQuery = useQuery(franchisesQueryOptions());
  const franchises: SelectOption[] = (franchisesQuery.data?.data ?? []).map(({ name }) => ({
    value: name,
    label: name,
  }));
  if (offering?.franchise && !franchises.some((option) => option.value === offering.franchise)) {
    franchises.unshift({ value: offering.franchise, label: offering.franchise });
  }
  return { verticals, platforms, quotas, franchises };
}

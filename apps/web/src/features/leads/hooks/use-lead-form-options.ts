import type { CatalogueResource } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { activeCatalogueOptions } from '@/api/catalogues';
import { franchisesQueryOptions } from '@/api/franchises';
import type { Lead } from '@/api/leads';
import { executivesQueryOptions } from '@/api/users';
import type { SelectOption } from '@/components/option-select';

/**
 * A lead saved with an item that has since been deactivated keeps it: the edit form offers it
 * beside the active ones rather than showing an empty select.
 */
function withCurrent(options: SelectOption[], current: SelectOption | null): SelectOption[] {
  if (!current || options.some((option) => option.value === current.value)) return options;
  return [current, ...options];
}

function useCatalogue(resource: CatalogueResource, current: { id: string; label: string } | undefined) {
  const query = useQuery(activeCatalogueOptions(resource));
  const options = (query.data?.data ?? []).map((item) => ({ value: item.id, label: item.label }));
  return withCurrent(options, current ? { value: current.id, label: current.label } : null);
}

/**
 * The opportunity form's choices: active verticals, quota types and platforms (by label), the
 * franchises, and the active users with the role comercial as executives. A list that fails to
 * load stays empty, with no message of its own; the form still shows and says what is required.
 */
export function useLeadFormOptions(lead: Lead | null) {
  const verticals = useCatalogue('verticals', lead?.vertical);
  const quotas = useCatalogue('quotas', lead?.quota);
  const platforms = useCatalogue('platforms', lead?.platform);
  const franchisesQuery = useQuery(franchisesQueryOptions());
  const executivesQuery = useQuery(executivesQueryOptions());
  const franchises = (franchisesQuery.data?.data ?? []).map((franchise) => ({
    value: franchise.name,
    label: franchise.name,
  }));
  const executives = withCurrent(
    (executivesQuery.data?.data ?? []).map((user) => ({ value: user.id, label: user.name })),
    lead?.executive ? { value: lead.executive.id, label: lead.executive.name } : null,
  );
  return { verticals, quotas, platforms, franchises, executives };
}

import { type Brand, foldForSearch, type Lead, type LeadFilters } from '@funil/shared';

/** A list filter as the app keeps it in a query key: one value, several, or a comma list. */
const asList = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  return [];
};

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The server's substring rule: case- and accent-insensitive, the search trimmed. */
const contains = (text: string, search: string) => foldForSearch(text).includes(foldForSearch(search.trim()));

/**
 * Whether the server would count the lead under these filters (the rules of its lead filters,
 * applied to the record as `GET /api/leads/:id` answers it), so a lead that an edit took out of a
 * filtered board or list leaves it, and one it brought in joins it.
 */
export function leadMatchesFilters(lead: Lead, filters: LeadFilters): boolean {
  const f = filters as Partial<Record<keyof LeadFilters, unknown>>;
  if (isSet(f.brand_id) && lead.brand_id.id !== f.brand_id) return false;
  if (isSet(f.assessment) && !contains(lead.assessment, String(f.assessment))) return false;
  if (isSet(f.vertical) && lead.vertical.id !== f.vertical) return false;
  if (isSet(f.quota) && lead.quota.id !== f.quota) return false;
  if (isSet(f.platform) && lead.platform.id !== f.platform) return false;
  if (isSet(f.executive) && lead.executive?.id !== f.executive) return false;
  if (isSet(f.prospectus_year) && lead.prospectus_year !== Number(f.prospectus_year)) return false;
  const statuses = asList(f.contract_status);
  if (statuses.length > 0 && !statuses.includes(lead.contract_status)) return false;
  if (isSet(f.exchange) && lead.exchange !== (f.exchange === true || f.exchange === 'true')) return false;
  if (isSet(f.rouanet_law) && lead.rouanet_law !== (f.rouanet_law === true || f.rouanet_law === 'true')) {
    return false;
  }
  const franchises = asList(f.franchise);
  if (franchises.length > 0 && !lead.franchises.some((name) => franchises.includes(name))) return false;
  if (isSet(f.stale) && lead.stale !== (f.stale === true || f.stale === 'true')) return false;
  if (isSet(f.search) && !contains(lead.brand_id.name, String(f.search))) return false;
  return true;
}

/** The lead with its embedded brand as the brand now is (a rename shows on every card at once). */
export function withEmbeddedBrand(lead: Lead, brand: Brand): Lead {
  if (lead.brand_id.id !== brand.id) return lead;
  const embedded = {
    ...lead.brand_id,
    name: brand.name,
    company_name: brand.company_name,
    cnpj: brand.cnpj,
    area_of_activity: brand.area_of_activity,
    segmentation: brand.segmentation,
  };
  const same = (Object.keys(embedded) as (keyof typeof embedded)[]).every(
    (key) => embedded[key] === lead.brand_id[key],
  );
  return same ? lead : { ...lead, brand_id: embedded };
}

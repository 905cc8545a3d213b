import type { APIRequestContext } from '@playwright/test';
import { createByApi, type Session } from './session';

/** The catalogue items a lead needs, by id. */
export type Catalogue = { vertical: string; quota: string; platform: string };

/** One vertical, quota type and platform, created through the API as `admin`. */
export async function createCatalogue(request: APIRequestContext, admin: Session): Promise<Catalogue> {
  const item = (resource: string, name: string) =>
    createByApi(request, admin, `/api/${resource}`, { name, label: name }).then(({ id }) => id);
  return {
    vertical: await item('verticals', 'ESPORTES'),
    quota: await item('quotas', 'MASTER'),
    platform: await item('platforms', 'TV ABERTA'),
  };
}

/** A brand named `name` (its company `<name> Ltda`), created through the API as `admin`. */
export const createBrand = (request: APIRequestContext, admin: Session, name: string, cnpj: string) =>
  createByApi(request, admin, '/api/brands', { name, company_name: `${name} Ltda`, cnpj });

/**
 * A lead of `brandId` as the specs' deals are: "1º trimestre", 2027, R$ 150.000 of credit, in
 * `contract_status`, with the catalogue items given.
 */
export const createLead = (
  request: APIRequestContext,
  admin: Session,
  brandId: string,
  catalogue: Catalogue,
  contract_status: string,
) =>
  createByApi<{ id: string }>(request, admin, '/api/leads', {
    brand_id: brandId,
    assessment: '1º trimestre',
    ...catalogue,
    prospectus_year: 2027,
    contract_status,
    credit: 150000,
  });

import { brands } from '../../db/schema';

/**
 * A brand's identity in answers: what a lead embeds as its `brand_id`, and the first keys of the
 * brand's own answer.
 */
export const brandIdentityShape = {
  id: brands.id,
  _id: brands.id,
  name: brands.name,
  company_name: brands.companyName,
  cnpj: brands.cnpj,
  area_of_activity: brands.areaOfActivity,
  segmentation: brands.segmentation,
};

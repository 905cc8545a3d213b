import { foldForSearch, formatCnpj } from '@funil/shared';

/**
 * Words that make a first message a request for the company's information, in the three
 * languages, compared without case or accents ("informações" = "informacoes").
 */
const COMPANY_WORDS = [
  // pt-BR
  'informacao',
  'informacoes',
  'dados',
  'empresa',
  'marca',
  'cnpj',
  'sobre',
  // en
  'info',
  'information',
  'data',
  'company',
  'brand',
  'about',
  // es
  'informacion',
  'informaciones',
  'datos',
  'acerca',
];

/** Whether `text` names one of the company words as a whole word. */
export function mentionsCompanyInfo(text: string): boolean {
  const words = new Set(foldForSearch(text).split(/[^\p{L}\p{N}]+/u));
  return COMPANY_WORDS.some((word) => words.has(word));
}

export type BrandContext = { name: string; cnpj: string };

/** The fixed request's values: the brand's name and its CNPJ masked, or the "not given" text. */
export function companyRequestValues(brand: BrandContext, noCnpj: string) {
  const cnpj = brand.cnpj.trim();
  return { brand: brand.name.trim(), cnpj: cnpj ? formatCnpj(cnpj) : noCnpj };
}

/**
 * What the first message of a session asks: the fixed company-data request when the user asked
 * about the company and the brand is known, else what they typed.
 */
export function firstPrompt(
  typed: string,
  brand: BrandContext | undefined,
  buildRequest: (values: { brand: string; cnpj: string }) => string,
  noCnpj: string,
): string {
  if (!brand?.name.trim() || !mentionsCompanyInfo(typed)) return typed;
  return buildRequest(companyRequestValues(brand, noCnpj));
}

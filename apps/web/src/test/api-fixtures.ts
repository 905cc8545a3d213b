import {
  type Brand,
  brandSchema,
  type CatalogueItem,
  catalogueItemSchema,
  type CompanyRecord,
  companyRecordSchema,
  type Contact,
  type ContractStatus,
  contactSchema,
  type Lead,
  type LeadColumnTotals,
  leadColumnTotalsSchema,
  leadSchema,
  PIPELINE_DEFAULTS,
  type LeadStatusChange,
  leadStatusChangeSchema,
  type UserResponse,
  userResponseSchema,
} from '@funil/shared';
import type { z } from 'zod';

// Objects as the API answers them, for component tests. Each is parsed with the shared response
// schema the API serialises with, so a change of the API's shape fails the web tests too instead
// of leaving them green against an answer the server no longer gives.

const CREATED = '2026-03-01T12:30:00.000Z';

/** A stable UUID from a small number, so fixtures can refer to each other. */
export const fixtureId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function apiUser(overrides: Partial<UserResponse> = {}): UserResponse {
  const id = overrides.id ?? '0b6f4c8e-8a5e-4e43-9d55-1c1f7e0c2a10';
  const name = overrides.name ?? 'Ana Souza';
  return userResponseSchema.parse({
    id,
    _id: id,
    name,
    full_name: name,
    email: 'ana@empresa.com.br',
    avatar_url: null,
    roles: ['admin'],
    isActive: true,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  });
}

export function apiCatalogueItem(name: string, overrides: Partial<CatalogueItem> = {}): CatalogueItem {
  const id = overrides.id ?? fixtureId(name.length * 1000 + name.charCodeAt(0));
  return catalogueItemSchema.parse({
    id,
    _id: id,
    name,
    label: `${name} LABEL`,
    status: 'active',
    createdAt: CREATED,
    updatedAt: '2026-03-02T08:05:00.000Z',
    ...overrides,
  });
}

export function apiBrand(name: string, overrides: Partial<Brand> = {}): Brand {
  const id = overrides.id ?? fixtureId(name.length * 1000 + name.charCodeAt(0));
  return brandSchema.parse({
    id,
    _id: id,
    name,
    company_name: `${name} Ltda`,
    cnpj: '11222333000181',
    area_of_activity: null,
    segmentation: null,
    responsible: null,
    description: null,
    status: 'active',
    image_url: null,
    principal_contact: null,
    open_tasks: 0,
    next_task_due_at: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  });
}

export function apiContact(firstName: string, overrides: Partial<Contact> = {}): Contact {
  const id = overrides.id ?? fixtureId(firstName.length * 1000 + firstName.charCodeAt(0) + 500);
  return contactSchema.parse({
    id,
    _id: id,
    brand_id: fixtureId(1),
    position: null,
    first_name: firstName,
    last_name: 'Souza',
    email: `${firstName.toLowerCase()}@marca.com.br`,
    phone_number: '5511999999999',
    flag: 'secundario',
    status: 'active',
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  });
}

/** A catalogue item as a lead embeds it: `{id, _id, name, label}`. */
const embedded = (item: CatalogueItem) => ({ id: item.id, _id: item.id, name: item.name, label: item.label });

/**
 * A lead as the API answers it, with its brand, vertical, quota, platform and executive embedded;
 * `brand` and the catalogue items default to fixtures of their own.
 */
/** A Receita Federal registration as `GET /api/companies/:cnpj` (and the chat's registry part) gives it. */
export function apiCompanyRecord(overrides: Partial<CompanyRecord> = {}): CompanyRecord {
  return companyRecordSchema.parse({
    cnpj: '12ABC34501DE35',
    razao_social: 'ALFA NUMERICA LTDA',
    nome_fantasia: 'ALFA',
    situacao_cadastral: 'ATIVA',
    data_situacao_cadastral: '2005-11-03',
    data_inicio_atividade: '1998-03-12',
    natureza_juridica: 'Sociedade Empresária Limitada',
    porte: 'DEMAIS',
    capital_social: 1500000.5,
    cnae_principal: { codigo: '1081302', descricao: 'Torrefação e moagem de café' },
    cnaes_secundarios: [],
    endereco: {
      logradouro: null,
      numero: null,
      complemento: null,
      bairro: null,
      cep: null,
      municipio: 'SAO PAULO',
      uf: 'SP',
    },
    telefones: [],
    email: null,
    socios: [{ nome: 'MARIA DA SILVA', qualificacao: 'Sócio-Administrador', desde: '2010-05-04' }],
    fonte: 'Receita Federal (dados abertos)',
    consultado_em: '2026-11-20T12:00:00.000Z',
    ...overrides,
  });
}

export function apiLead(
  assessment: string,
  {
    brand = apiBrand('Café Serra Azul'),
    vertical = apiCatalogueItem('ESPORTES', { label: 'Esportes' }),
    quota = apiCatalogueItem('MASTER', { label: 'Master' }),
    platform = apiCatalogueItem('TV ABERTA', { label: 'TV Aberta' }),
    executive = null,
    ...overrides
  }: Partial<Omit<Lead, 'brand_id' | 'vertical' | 'quota' | 'platform' | 'executive'>> & {
    brand?: Brand;
    vertical?: CatalogueItem;
    quota?: CatalogueItem;
    platform?: CatalogueItem;
    executive?: UserResponse | null;
  } = {},
): Lead {
  const id = overrides.id ?? fixtureId(assessment.length * 1000 + assessment.charCodeAt(0) + 700);
  return leadSchema.parse({
    id,
    _id: id,
    brand_id: {
      id: brand.id,
      _id: brand.id,
      name: brand.name,
      company_name: brand.company_name,
      cnpj: brand.cnpj,
      area_of_activity: brand.area_of_activity,
      segmentation: brand.segmentation,
    },
    assessment,
    vertical: embedded(vertical),
    quota: embedded(quota),
    platform: embedded(platform),
    prospectus_year: 2026,
    contract_status: 'frio',
    status_changed_at: CREATED,
    stale: false,
    executive: executive
      ? { id: executive.id, _id: executive.id, name: executive.name, email: executive.email }
      : null,
    franchises: [],
    credit: 0,
    invest: 0,
    exchange: false,
    rouanet_law: false,
    open_tasks: 0,
    next_task_due_at: null,
    stock: [],
    createdAt: CREATED,
    updatedAt: '2026-03-04T17:45:00.000Z',
    ...overrides,
  });
}

/**
 * One pipeline column's totals: zeros by default; the probability is the status's default and the
 * forecast follows the sums unless given.
 */
export function apiColumnTotals(
  status: ContractStatus,
  overrides: Partial<Omit<LeadColumnTotals, 'contract_status'>> = {},
): LeadColumnTotals {
  const probability = overrides.probability ?? PIPELINE_DEFAULTS[status].probability;
  const weighed = (amount: number) => Math.round(amount * probability) / 100;
  const credit = overrides.credit ?? 0;
  const invest = overrides.invest ?? 0;
  return leadColumnTotalsSchema.parse({
    contract_status: status,
    count: 0,
    stale_count: 0,
    weighted_credit: weighed(credit),
    weighted_invest: weighed(invest),
    ...overrides,
    credit,
    invest,
    probability,
  });
}

/** One entry of a lead's status history; `from_status: null` is its creation. */
export function apiStatusChange(
  n: number,
  overrides: Partial<LeadStatusChange> & Pick<LeadStatusChange, 'to_status'>,
): LeadStatusChange {
  const user = apiUser();
  return leadStatusChangeSchema.parse({
    id: fixtureId(9000 + n),
    _id: fixtureId(9000 + n),
    from_status: null,
    reason: null,
    user: { id: user.id, _id: user.id, name: user.name, email: user.email },
    createdAt: CREATED,
    ...overrides,
  });
}

/** A list answer `{data, total, page, limit}`, with every item checked by `schema`. */
export function apiList<T extends z.ZodType>(
  schema: T,
  items: z.input<T>[],
  paging: { total?: number; page?: number; limit?: number } = {},
) {
  return {
    data: items.map((item) => schema.parse(item)),
    total: paging.total ?? items.length,
    page: paging.page ?? 1,
    limit: paging.limit ?? items.length,
  };
}

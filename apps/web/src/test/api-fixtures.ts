import {
  type Brand,
  brandSchema,
  type CatalogueItem,
  catalogueItemSchema,
  type Contact,
  contactSchema,
  type Lead,
  leadSchema,
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

/** A list answer `{data, total, page, limit}`, with every item checked by `schema`. */
/**
 * A lead as the API answers it, relations embedded. `n` makes its id and, unless overridden, its
 * creation time (a larger n is newer), so a list of them has the board's order.
 */
export function apiLead(n: number, overrides: Partial<Lead> = {}): Lead {
  const id = overrides.id ?? fixtureId(90_000 + n);
  const catalogueItem = (name: string, m: number) => ({
    id: fixtureId(m),
    _id: fixtureId(m),
    name,
    label: name,
  });
  return leadSchema.parse({
    id,
    _id: id,
    brand_id: {
      id: fixtureId(80_000 + n),
      _id: fixtureId(80_000 + n),
      name: `Marca ${n}`,
      company_name: `Marca ${n} Ltda`,
      cnpj: '11222333000181',
      area_of_activity: null,
      segmentation: null,
    },
    assessment: 'Q1/2026',
    vertical: catalogueItem('ESPORTES', 70_001),
    quota: catalogueItem('MASTER', 70_002),
    platform: catalogueItem('TV ABERTA', 70_003),
    prospectus_year: 2026,
    contract_status: 'frio',
    executive: {
      id: fixtureId(60_001),
      _id: fixtureId(60_001),
      name: 'Carla Dias',
      email: 'carla@empresa.com.br',
    },
    franchises: [],
    credit: 1000,
    invest: 500,
    exchange: false,
    rouanet_law: false,
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    updatedAt: CREATED,
    ...overrides,
  });
}

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

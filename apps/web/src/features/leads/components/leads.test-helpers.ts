import {
  catalogueItemSchema,
  defaultPipelineSettings,
  franchiseSchema,
  offeringSchema,
  type Role,
  userResponseSchema,
} from '@funil/shared';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiCatalogueItem, apiList, apiUser, fixtureId } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';

export const VERTICALS = [
  apiCatalogueItem('ESPORTES', { label: 'Esportes' }),
  apiCatalogueItem('MUSICA', { label: 'Música' }),
];
export const QUOTAS = [apiCatalogueItem('MASTER', { label: 'Master' })];
export const PLATFORMS = [apiCatalogueItem('TV ABERTA', { label: 'TV Aberta' })];
export const FRANCHISES = ['Belo Horizonte', 'Recife', 'São Paulo'].map((name, index) => ({
  id: fixtureId(8000 + index),
  _id: fixtureId(8000 + index),
  name,
}));
export const EXECUTIVE = apiUser({
  id: fixtureId(7001),
  name: 'Carlos Lima',
  email: 'carlos@empresa.com.br',
  roles: ['comercial'],
});

/**
 * The calls behind the opportunity form's selects, and behind its prospectus quota: no offering
 * unless a test says otherwise, and the default pipeline settings.
 */
export const leadFormOptionRoutes: Record<string, StubRoute> = {
  'GET /api/verticals': { body: apiList(catalogueItemSchema, VERTICALS) },
  'GET /api/quotas': { body: apiList(catalogueItemSchema, QUOTAS) },
  'GET /api/platforms': { body: apiList(catalogueItemSchema, PLATFORMS) },
  'GET /api/franchises': { body: apiList(franchiseSchema, FRANCHISES) },
  'GET /api/users': { body: apiList(userResponseSchema, [EXECUTIVE]) },
  'GET /api/offerings': { body: apiList(offeringSchema, []) },
  'GET /api/settings/pipeline': { body: defaultPipelineSettings() },
};

/** A signed-in session with `roles`, and the API answering `routes` (and the form's options). */
export function signedIn(routes: Record<string, StubRoute>, roles: Role[] = ['comercial']) {
  const user = apiUser({ roles });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return stubApi({ 'GET /api/auth/me': { body: user }, ...leadFormOptionRoutes, ...routes });
}

export const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

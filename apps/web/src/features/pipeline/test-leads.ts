import type { Lead } from '@funil/shared';
import { apiBrand, apiLead, apiUser, fixtureId } from '@/test/api-fixtures';

/**
 * Leads for the board's tests: lead n belongs to "Marca n" and is n minutes newer than lead 0,
 * so a list of them sorted by n descending has the board's order (createdAt desc).
 */
export function boardLead(
  n: number,
  overrides: Partial<Omit<Lead, 'brand_id' | 'vertical' | 'quota' | 'platform' | 'executive'>> = {},
): Lead {
  return apiLead(`Q${n}`, {
    id: fixtureId(90_000 + n),
    brand: apiBrand(`Marca ${n}`, { id: fixtureId(80_000 + n) }),
    executive: apiUser({ name: 'Carla Dias' }),
    credit: 1000,
    invest: 500,
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    ...overrides,
  });
}

import { type Offering, offeringSchema } from '@funil/shared';
import { fixtureId } from '@/test/api-fixtures';

const item = (n: number, name: string, label = name) => ({
  id: fixtureId(n),
  _id: fixtureId(n),
  name,
  label,
});

/** Catalogue items as an offering embeds them. */
export const ESPORTES = item(101, 'ESPORTES', 'Esportes');
export const NOVELAS = item(102, 'NOVELAS', 'Novelas');
export const TV_ABERTA = item(201, 'TV ABERTA', 'TV Aberta');
export const DIGITAL = item(202, 'DIGITAL', 'Digital');
export const MASTER = item(301, 'MASTER', 'Master');
export const APOIO = item(302, 'APOIO', 'Apoio');

/**
 * An offering of the prospectus as the API answers it, parsed by the shared schema: offering n of
 * 2026, Esportes · TV Aberta · Master, national, 5 units with none taken, unless given;
 * `available` follows the counts.
 */
export function testOffering(n: number, overrides: Partial<Offering> = {}): Offering {
  const quantity = overrides.quantity ?? 5;
  const held = overrides.held ?? 0;
  const sold = overrides.sold ?? 0;
  const id = overrides.id ?? fixtureId(70_000 + n);
  return offeringSchema.parse({
    id,
    _id: id,
    prospectus_year: 2026,
    vertical: ESPORTES,
    platform: TV_ABERTA,
    quota: MASTER,
    franchise: null,
    list_price: 450_000,
    status: 'active',
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    updatedAt: '2026-03-01T12:30:00.000Z',
    ...overrides,
    quantity,
    held,
    sold,
    available: overrides.available ?? quantity - held - sold,
  });
}

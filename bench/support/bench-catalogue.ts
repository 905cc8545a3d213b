import { createIfMissing, signInBench } from './bench-account';

/** The catalogue a bench database gets through the API, as a team would create it. */
export const BENCH_CATALOGUE = {
  verticals: ['ESPORTE', 'MÚSICA', 'CULTURA', 'ENTRETENIMENTO', 'JORNALISMO', 'EDUCAÇÃO', 'GASTRONOMIA'],
  quotas: ['MASTER', 'OURO', 'PRATA', 'BRONZE', 'APOIO'],
  platforms: ['TV ABERTA', 'TV FECHADA', 'DIGITAL', 'RÁDIO', 'EVENTOS', 'PODCAST'],
};

/**
 * Through a running server: the bench account (registered first, so administrator) and the
 * catalogue items (those left from an earlier run are kept). The lead generator uses every item.
 */
export async function prepareAccountAndCatalogue(baseUrl: string): Promise<void> {
  const { token } = await signInBench(baseUrl);
  for (const [resource, names] of Object.entries(BENCH_CATALOGUE)) {
    for (const name of names) {
      await createIfMissing(baseUrl, token, `/api/${resource}`, { name, label: name });
    }
  }
}

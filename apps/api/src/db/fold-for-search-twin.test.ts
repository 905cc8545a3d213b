import { foldForSearch } from '@funil/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/build-test-app';
import type { DbHandle } from './client';

// Every accented letter the SQL function folds, one by one (a letter missing from either table
// shows here), then words as people type them, and letters both keep.
const SAMPLES = [
  ...'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
  'São Paulo',
  'BELÉM DO PARÁ',
  'Informações Técnicas',
  'Açaí, Pão de Queijo & Cia.',
  'Año Niño Ñandú',
  'Hôtel Crème Brûlée',
  'ÎÜë ÇaÑÃo',
  'łódź, śląsk, ø',
  'plain ASCII 123 _%\\',
  '',
];

describe('foldForSearch and the database function f_unaccent_lower', () => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('fold every sample the same way', async () => {
    const folded: string[] = [];
    for (const sample of SAMPLES) {
      const result = (await handle.db.execute(
        sql`select f_unaccent_lower(${sample}) as folded`,
      )) as unknown as {
        rows: { folded: string }[];
      };
      folded.push(result.rows[0]?.folded ?? '(no row)');
    }
    expect(folded).toEqual(SAMPLES.map(foldForSearch));
  });
});

import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameStatement, withNamedStatements } from './pglite-named-statements';

describe('named statements on the embedded database', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    withNamedStatements(client);
    await client.exec(`create table people (id int primary key, name text)`);
    await client.exec(`insert into people values (1, 'O''Brien'), (2, 'back\\slash')`);
  });
  afterAll(() => client.close());

  const preparedNames = async () =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (row) => row.name,
    );

  it('prepares a named statement once and executes it with the values as literals', async () => {
    const text = 'select id, name from people where name = $1 and id > $2';
    nameStatement('person_by_name', text);
    for (const [name, id] of [
      ["O'Brien", 0],
      ['back\\slash', 1],
    ] as const) {
      const result = await client.query<{ id: number; name: string }>(text, [name, id]);
      expect(result.rows).toEqual([expect.objectContaining({ name })]);
    }
    expect(await client.query(text, ["x' or '1'='1", 0])).toMatchObject({ rows: [] });
    expect(await preparedNames()).toEqual(['person_by_name']);
  });

  it('prepares once under concurrent first calls, and leaves other statements alone', async () => {
    const text = 'select $1::int + 1 as next';
    nameStatement('next_number', text);
    const answers = await Promise.all([1, 2, 3].map((n) => client.query<{ next: number }>(text, [n])));
    expect(answers.map((answer) => answer.rows[0]?.next)).toEqual([2, 3, 4]);
    expect(await client.query<{ n: number }>('select $1::int as n', [7])).toMatchObject({ rows: [{ n: 7 }] });
    expect(await preparedNames()).toEqual(['next_number', 'person_by_name']);
  });
});

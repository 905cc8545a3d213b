import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { asNumber, defineShape, derived, nullableShape } from './answer-shape';

const id = sql`id`;
const name = sql`name`;
const amount = sql`amount`;
const ownerId = sql`owner_id`;
const ownerName = sql`owner_name`;

const shape = defineShape<unknown, [string]>((table) => ({
  id: sql`${sql.identifier(table)}.id`,
  _id: id,
  label: derived([name], (value: string) => `${value}!`),
  amount: asNumber(amount),
  owner: nullableShape(ownerId, { id: ownerId, name: ownerName }),
}));

const dialect = new PgDialect();
const texts = (columns: Record<string, SQL>) =>
  Object.values(columns).map((column) => dialect.sqlToQuery(column).sql);

describe('answer shapes', () => {
  it('selects each column once, in the order the shape first reads it', () => {
    const compiled = shape('leads');
    expect(texts(compiled.columns)).toEqual(['"leads".id', 'id', 'name', 'amount', 'owner_id', 'owner_name']);
    expect(compiled.width).toBe(6);
  });

  it('builds the answer from an array row, keys in the shape order', () => {
    const { toAnswer } = shape('leads');
    const answer = toAnswer(['a1', 'a1', 'Ana', '1234.50', 'u1', 'Bia']);
    expect(JSON.stringify(answer)).toBe(
      '{"id":"a1","_id":"a1","label":"Ana!","amount":1234.5,"owner":{"id":"u1","name":"Bia"}}',
    );
    expect(toAnswer(['a2', 'a2', 'Rui', '0.00', null, null])).toEqual({
      id: 'a2',
      _id: 'a2',
      label: 'Rui!',
      amount: 0,
      owner: null,
    });
  });

  it('compiles the reader once: later calls give their own columns and the same reader', () => {
    const first = shape('leads');
    const second = shape('brands');
    expect(second.toAnswer).toBe(first.toAnswer);
    expect(texts(second.columns)[0]).toBe('"brands".id');
  });

  it('maps rows with the compiled reader, and refuses before any statement was built', () => {
    const unused = defineShape<unknown, []>(() => ({ id }));
    expect(() => unused.answers([['a1']])).toThrow(/before any statement/);
    unused();
    expect(unused.answers([['a1'], ['a2']])).toEqual([{ id: 'a1' }, { id: 'a2' }]);
  });
});

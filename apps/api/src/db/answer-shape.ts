import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * An answer's shape, written once as the object the API answers, with a column or expression at
 * each leaf. `defineShape` turns it into the flat list of columns a query selects and a function
 * compiled once that builds the answer from a row read as an array: no per-field dispatch, no
 * intermediate object, the same hidden class for every record (docs/decisions/006).
 */
export type Shape = { readonly [key: string]: Leaf | Shape | NullableShape };

/** A value taken from its column as the driver gives it (text, boolean, integer, text[]). */
type Leaf = SQLWrapper | NumberLeaf | DerivedLeaf;

/** A numeric column, which both drivers give as text: the answer carries a JSON number. */
class NumberLeaf {
  constructor(readonly expression: SQLWrapper) {}
}

/** A value computed in the process from some columns (a URL made of an id and a hash). */
class DerivedLeaf {
  constructor(
    readonly expressions: readonly SQLWrapper[],
    readonly compute: (...values: never[]) => unknown,
  ) {}
}

/** An embedded object that is null when its record is missing (a left join found nothing). */
class NullableShape {
  constructor(
    readonly presentWhenNotNull: SQLWrapper,
    readonly shape: Shape,
  ) {}
}

/** A numeric (money) column as a number. */
export const asNumber = (expression: SQLWrapper) => new NumberLeaf(expression);

/**
 * A value `compute`d from the columns `expressions`, for what the answer writes in a form of its
 * own (kept in one function the rest of the code uses too). `compute` is taken from the shape's
 * first build: it must not depend on the shape's arguments.
 */
export const derived = <Values extends unknown[]>(
  expressions: { [K in keyof Values]: SQLWrapper },
  compute: (...values: Values) => unknown,
) => new DerivedLeaf(expressions, compute as (...values: never[]) => unknown);

/** `shape`, or null when `presentWhenNotNull` (say, the joined record's id) is null. */
export const nullableShape = (presentWhenNotNull: SQLWrapper, shape: Shape) =>
  new NullableShape(presentWhenNotNull, shape);

/**
 * A timestamptz written by the database as `Date.toISOString()` writes it (UTC, milliseconds
 * truncated as a JS Date truncates microseconds, `Z`): the row carries the answer's text and
 * nothing parses a date.
 */
export const isoTimestamp = (column: SQLWrapper): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type CompiledShape<T> = {
  /** What the query selects, in row order; more columns may follow them. */
  columns: Record<string, SQL>;
  /** How many columns the shape reads: the first ones of the row. */
  width: number;
  /** The answer from a row read as an array. */
  toAnswer: (row: readonly unknown[]) => T;
};

const isShape = (value: Leaf | Shape | NullableShape): value is Shape =>
  !(value instanceof NumberLeaf) &&
  !(value instanceof DerivedLeaf) &&
  !(value instanceof NullableShape) &&
  !isSqlWrapper(value);

const isSqlWrapper = (value: unknown): value is SQLWrapper =>
  typeof (value as SQLWrapper | undefined)?.getSQL === 'function';

/** The shape's columns in row order, and the source of the function that reads them. */
function walk(shape: Shape): {
  expressions: SQLWrapper[];
  computes: DerivedLeaf['compute'][];
  source: string;
} {
  const expressions: SQLWrapper[] = [];
  const computes: DerivedLeaf['compute'][] = [];
  // A column read by several keys (`id` and `_id`) is selected once: the same object, that is (a
  // subquery's columns are new objects at each read).
  const indexOf = new Map<SQLWrapper, number>();
  const column = (expression: SQLWrapper): string => {
    let index = indexOf.get(expression);
    if (index === undefined) {
      index = expressions.push(expression) - 1;
      indexOf.set(expression, index);
    }
    return `row[${index}]`;
  };
  const objectSource = (object: Shape): string => {
    const members = Object.entries(object).map(([key, value]) => {
      const name = JSON.stringify(key);
      if (value instanceof NumberLeaf) return `${name}: Number(${column(value.expression)})`;
      if (value instanceof DerivedLeaf) {
        const index = computes.push(value.compute) - 1;
        return `${name}: computes[${index}](${value.expressions.map(column).join(', ')})`;
      }
      if (value instanceof NullableShape) {
        return `${name}: ${column(value.presentWhenNotNull)} === null ? null : ${objectSource(value.shape)}`;
      }
      if (isShape(value)) return `${name}: ${objectSource(value)}`;
      return `${name}: ${column(value)}`;
    });
    return `{ ${members.join(', ')} }`;
  };
  return { expressions, computes, source: objectSource(shape) };
}

/**
 * An answer's shape over the query it is read from (a lead over its page subquery): each call
 * gives that query's columns, and the row reader, compiled on the first call only — every call
 * lays the columns out in the same order. The caller states `T`; the tests hold every answer to
 * its response schema, byte for byte once serialised.
 */
export type DefinedShape<T, Args extends unknown[]> = ((...args: Args) => CompiledShape<T>) & {
  /**
   * The answers of rows read by a statement this shape built (so its reader is compiled): the
   * `mapRows` of a read, without walking the shape again.
   */
  answers: (rows: readonly (readonly unknown[])[]) => T[];
};

export function defineShape<T, Args extends unknown[]>(
  build: (...args: Args) => Shape,
): DefinedShape<T, Args> {
  let toAnswer: ((row: readonly unknown[]) => T) | undefined;
  const compiled = (...args: Args): CompiledShape<T> => {
    const { expressions, computes, source } = walk(build(...args));
    if (!toAnswer) {
      // Generated from our own shapes' keys (JSON-quoted) and column positions: no input reaches it.
      const compile = new Function('computes', `return (row) => (${source});`) as (
        computes: DerivedLeaf['compute'][],
      ) => (row: readonly unknown[]) => T;
      toAnswer = compile(computes);
    }
    const columns = Object.fromEntries(
      expressions.map((expression, index) => [`c${index}`, sql`${expression}`]),
    );
    return { columns, width: expressions.length, toAnswer };
  };
  const answers = (rows: readonly (readonly unknown[])[]): T[] => {
    if (!toAnswer) throw new Error('a shape read rows before any statement was built from it');
    return rows.map(toAnswer);
  };
  return Object.assign(compiled, { answers });
}

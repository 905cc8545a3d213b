/**
 * Which column each API field is written to: `{ brand_id: 'brandId' }`. A service declares its map
 * with `satisfies ColumnNames<Body, keyof typeof table.$inferInsert>`, so a misspelt column fails
 * to compile instead of being ignored by the query builder.
 */
export type ColumnNames<Input, Column extends string = string> = {
  readonly [Field in keyof Input]?: Column;
};

type ColumnOf<Names, Field> = Field extends keyof Names
  ? Names[Field] extends string
    ? Names[Field]
    : never
  : never;

/** The fields of `Input` that can never be undefined. */
type AlwaysSet<Input> = {
  [Field in keyof Input]-?: undefined extends Input[Field] ? never : Field;
}[keyof Input];

/**
 * The values of `input` under their column names. A field the map does not name is left out; so
 * is one whose value is `undefined` (a PATCH leaves the fields it was not sent as they are), while
 * `null` is kept (it clears the column). A field that can never be undefined stays required, so a
 * create's values still type-check as a full row; the others are optional.
 */
export type PatchColumns<Input, Names> = Flat<
  {
    [Field in keyof Input as Field extends AlwaysSet<Input> ? ColumnOf<Names, Field> : never]: Input[Field];
  } & {
    [Field in keyof Input as Field extends AlwaysSet<Input> ? never : ColumnOf<Names, Field>]?: Exclude<
      Input[Field],
      undefined
    >;
  }
>;

type Flat<T> = { [Key in keyof T]: T[Key] } & {};

/** `input`'s fields named in `names`, renamed to their columns, without the undefined ones. */
export function patchColumns<Input extends object, const Names extends ColumnNames<Input>>(
  input: Input,
  names: Names,
): PatchColumns<Input, Names> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(names)) {
    const value = (input as Record<string, unknown>)[field];
    if (typeof column === 'string' && value !== undefined) columns[column] = value;
  }
  return columns as PatchColumns<Input, Names>;
}

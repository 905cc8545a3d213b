/**
 * The fields of `fields` whose value in `current` differs from `initial` (compared as JSON: lists
 * and numbers alike), in `fields`' order: what a user typed since the form opened.
 */
export function changedFields<V extends Record<string, unknown>, F extends keyof V & string>(
  initial: V,
  current: V,
  fields: readonly F[],
): F[] {
  return fields.filter((field) => JSON.stringify(current[field]) !== JSON.stringify(initial[field]));
}

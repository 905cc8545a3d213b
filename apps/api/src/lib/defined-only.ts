/**
 * The entries whose value is not `undefined`: a PATCH sets the fields it was sent and leaves the
 * rest as they are (`null` is kept: it clears a field).
 */
export const definedOnly = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

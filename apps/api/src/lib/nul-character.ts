/**
 * The path (`name`, `franchises.2`) of the first string in `value` holding a NUL character (U+0000),
 * or undefined. PostgreSQL text cannot hold one (the statement fails), so a request carrying one is
 * refused with a 400 before it reaches a service.
 */
export function findNulCharacter(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findNulCharacter(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

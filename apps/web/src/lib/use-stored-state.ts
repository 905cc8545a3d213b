import { useCallback, useState } from 'react';

/**
 * A piece of UI state kept in localStorage under `key` (a STORAGE_KEYS value): read once on mount,
 * written on every change. `parse` turns what is stored (or null) into a valid value, so a stale or
 * hand-edited entry falls back to the default instead of breaking the screen.
 */
export function useStoredState<T>(
  key: string,
  parse: (stored: string | null) => T,
  serialize: (value: T) => string = String,
): [T, (next: T | ((previous: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => parse(localStorage.getItem(key)));
  const update = useCallback(
    (next: T | ((previous: T) => T)) => {
      setValue((previous) => {
        const resolved = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next;
        localStorage.setItem(key, serialize(resolved));
        return resolved;
      });
    },
    [key, serialize],
  );
  return [value, update];
}

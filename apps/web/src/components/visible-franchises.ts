/**
 * The franchise badges a row or a card shows: the first `max` names, and how many more there are
 * (shown as '+N').
 */
export function visibleFranchises(
  franchises: readonly string[],
  max = 2,
): { shown: string[]; hidden: number } {
  const limit = Math.max(0, Math.floor(max));
  return { shown: franchises.slice(0, limit), hidden: Math.max(0, franchises.length - limit) };
}

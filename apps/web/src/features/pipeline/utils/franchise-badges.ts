/** A card shows at most this many franchise badges, then "+N" (SPEC §2). */
export const CARD_FRANCHISE_BADGES = 2;

/** The franchise names a card shows and how many it leaves out. */
export function splitFranchises(names: readonly string[], shown = CARD_FRANCHISE_BADGES) {
  return { visible: names.slice(0, shown), hidden: Math.max(0, names.length - shown) };
}

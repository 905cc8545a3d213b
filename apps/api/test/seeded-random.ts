/**
 * A small deterministic generator (a linear congruential one): the same seed gives the same
 * numbers in [0, 1), so a test that draws from it replays exactly when given its seed again.
 */
export function seededRandom(seed: number): () => number {
  let state = seed % 2_147_483_648;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * The seed named by the environment variable `name` (an integer), or `fallback` when it is unset,
 * so a run is the same every time unless someone asks for another one.
 */
export function seedFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const seed = Number(text);
  if (!Number.isSafeInteger(seed) || seed < 0)
    throw new Error(`${name} must be a non-negative integer, got "${text}"`);
  return seed;
}

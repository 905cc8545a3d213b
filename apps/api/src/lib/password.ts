import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1): about 10 ms a hash on this hardware. argon2id is
// the library's default algorithm (its enum is a const enum, which isolated modules cannot import);
// the test pins it through the hash prefix.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

/** False (never a throw) for a malformed stored hash, so a bad row reads as wrong credentials. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which erasable TypeScript cannot import). */
const ARGON2ID = 2;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2_OPTIONS);
}

/** A hash of a random secret, verified against when there is no real one so timing does not tell. */
const decoyHash = hashSecret(`decoy-${randomInt(1e9)}`);

export async function verifySecret(storedHash: string | null, secret: string): Promise<boolean> {
  try {
    return await verify(storedHash ?? (await decoyHash), secret);
  } catch {
    return false;
  }
}

const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A temporary password of 12 characters, always with letters and digits. */
export function temporaryPassword(): string {
  for (;;) {
    const text = Array.from(
      { length: 12 },
      () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)],
    ).join('');
    if (/\d/.test(text) && /[a-z]/i.test(text)) return text;
  }
}

/** An activation code of 8 digits, shown as two groups of four. */
export function activationCode(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}

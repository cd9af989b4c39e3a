import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** False for a wrong password and for a malformed hash; never throws for bad input. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Computes the throwaway hash ahead of time, so the first unknown email is not slower. */
export async function primeDummyHash(): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await dummyHash;
}

/**
 * Verifies against a throwaway hash so an unknown email costs as much time as a known one
 * (no account enumeration by timing). Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await primeDummyHash();
  await verifyPassword(await (dummyHash as Promise<string>), password);
  return false;
}

/** A random password for generated accounts: 24 URL-safe characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

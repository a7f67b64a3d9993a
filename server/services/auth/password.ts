import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/** OWASP's baseline for argon2id: 19 MiB, 2 passes, 1 lane. */
const PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export const MIN_PASSWORD_LENGTH = 10;
/** Long passphrases are welcome; the bound keeps hashing and the strength check cheap. */
export const MAX_PASSWORD_LENGTH = 200;

/** An encoded argon2id hash ($argon2id$v=19$m=…), salt included. */
export function hashPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...PARAMS, outputType: 'encoded' });
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

/** Spends the same work as a real check, so "no such user" answers as slowly as "wrong password". */
let decoy: Promise<string> | null = null;
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
}

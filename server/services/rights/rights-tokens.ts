import { createHash, randomBytes } from 'node:crypto';

/** A link's token: 32 random bytes in base64url (43 characters); only its hash is stored. */
export function newRightsToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRightsToken(token) };
}

export function hashRightsToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

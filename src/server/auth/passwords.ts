import 'server-only';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with OWASP-recommended cost. */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The browser sends the SHA-256 hex of the password (docs/requirements/account.md#sign-in); we store argon2id of that. */
export function hashPassword(clientDigest: string): Promise<string> {
  return hash(clientDigest, OPTIONS);
}

export async function verifyPassword(storedHash: string, clientDigest: string): Promise<boolean> {
  try {
    return await verify(storedHash, clientDigest);
  } catch {
    return false;
  }
}

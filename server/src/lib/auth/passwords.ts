import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// A fixed hash verified for unknown usernames, so a miss costs the same time as a wrong password.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$4gq3Mw5lBB6hOwGgV2QpPTjCb+YHPHIkfbM5o5VaB6A';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? DUMMY_HASH, password);
  } catch {
    return false;
  }
}

/** A password that meets the policy, for generated admin and demo passwords. */
export function generatePassword(): string {
  const base = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${base}Aa1!`;
}

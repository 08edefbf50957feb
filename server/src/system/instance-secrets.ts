import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { keepInstanceSetting } from './instance-settings.repository.js';

/** JWT_SECRET when given; else one generated on first start and kept in the database. */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(48).toString('base64url');
  const kept = await keepInstanceSetting(db, 'jwt_secret', generated);
  if (!kept) throw new Error('Could not persist the JWT secret');
  return kept;
}

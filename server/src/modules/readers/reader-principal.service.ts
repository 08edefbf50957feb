import { TenantScope, type CustomerAccess } from '../../db/tenant.js';
import {
  confirmReader,
  type ReaderClaims,
  type ReaderPrincipal,
  type ReaderTokenSigner,
} from '../../lib/auth/reader-tokens.js';
import { findReaderRow } from './readers.repository.js';

/** SECURITY: the principal of a verified token's reader, or null (see confirmReader). */
export async function findReaderPrincipal(
  access: CustomerAccess,
  claims: ReaderClaims,
): Promise<ReaderPrincipal | null> {
  // As the token's customer: its policies hold the lookup to that customer's readers.
  return confirmReader(await findReaderRow(new TenantScope(access, claims.customerId), claims), claims);
}

/** SECURITY: whether `token` is a valid reader token of the reader with this serial (an MQTT sign-in). */
export async function isReaderToken(
  db: CustomerAccess,
  signer: ReaderTokenSigner,
  serial: string,
  token: string,
): Promise<boolean> {
  const claims = await signer.verify(token);
  if (!claims) return false;
  const principal = await findReaderPrincipal(db, claims);
  return principal !== null && principal.serial.toLowerCase() === serial.toLowerCase();
}

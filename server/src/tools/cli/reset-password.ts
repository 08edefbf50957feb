import { StrongPasswordSchema, validationMessage } from '@tagtrack/contract';
import type { Db } from '../../db/client.js';
import { hashPassword } from '../../lib/auth/passwords.js';
import { InputError } from '../../system/provisioning.js';
import { TenantScope } from '../../db/tenant.js';
import { updateUser } from '../../modules/identity/users.service.js';
import { findUserByUsername } from '../../system/directory.repository.js';

/** The operator's way back in: sets a user's password from the command line. */
export async function resetPassword(db: Db, username: string, password: string) {
  const parsed = StrongPasswordSchema.safeParse(password);
  if (!parsed.success) throw new InputError(`password: ${validationMessage(parsed.error.issues[0]?.message ?? '')}`);
  const user = await findUserByUsername(db, username);
  if (!user) throw new InputError(`username: no user named ${username}`);
  const passwordHash = await hashPassword(password);
  await TenantScope.within(db, user.customerId, (tenant) =>
    updateUser(tenant, user.id, { passwordHash, passwordChangedAt: new Date() }),
  );
}

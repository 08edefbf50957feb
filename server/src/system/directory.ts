import type { OwnerDb } from '../db/client.js';
import type { SignInDirectory } from '../modules/identity/auth.service.js';
import type { ResetDirectory } from '../modules/identity/password-reset.service.js';
import type { DeviceDirectory } from '../modules/readers/device.service.js';
import {
  findReaderBySerial,
  findUsableResetLink,
  findUserByUsername,
  findUsersForReset,
  upsertDiscoveredReader,
} from './directory.repository.js';

/** Every lookup a signed-out request makes across customers, on the owner's connection. */
export type Directory = SignInDirectory & ResetDirectory & DeviceDirectory;

/**
 * SECURITY: the directory the signed-out routes are handed (sign-in, password reset, a reader's
 * sign-in and announcement). It finds the one row a request names; the module then acts as that
 * row's customer through the tenant's connection.
 */
export function createDirectory(owner: OwnerDb): Directory {
  return {
    userByUsername: (username) => findUserByUsername(owner, username),
    usersForReset: (match) => findUsersForReset(owner, match),
    usableResetLink: (tokenHash, now) => findUsableResetLink(owner, tokenHash, now),
    readerBySerial: (serial) => findReaderBySerial(owner, serial),
    announceReader: async (values) => {
      // A registered reader's announcement changes nothing, and answers the same.
      if (await findReaderBySerial(owner, values.serial)) return;
      await upsertDiscoveredReader(owner, values);
    },
  };
}

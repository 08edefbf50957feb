import type { ValidationMessageKey } from '../common/messages.js';

/**
 * Why a reader configuration cannot be deleted, or null: one that readers run stays (02 §3). The
 * console disables Delete with this message; the server refuses with it.
 */
export function configurationDeleteRefusal(configuration: { reader_count: number }): ValidationMessageKey | null {
  return configuration.reader_count > 0 ? 'configurationInUse' : null;
}

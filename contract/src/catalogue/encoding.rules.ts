import type { ValidationMessageKey } from '../common/messages.js';
import type { EncodingMethod } from './catalogue.limits.js';
import { isCompanyPrefix } from './sku.rules.js';

/** What the rules of an encoding change look at, as the server stores it and the console lists it. */
export interface EncodingFacts {
  id: number;
  method: EncodingMethod;
  disabled: boolean;
  isDefault: boolean;
  companyPrefix?: string | null;
}

/** A change of one encoding method (PATCH /master-data/encoding/{id}/). */
export interface EncodingChange {
  disabled?: boolean;
  default?: boolean;
  /** The new company prefix (SGTIN-96); left out keeps the stored one. */
  companyPrefix?: string | null;
}

export interface EncodingRefusal {
  field: 'disabled' | 'default' | 'metadata.companyPrefix';
  message: ValidationMessageKey;
}

/**
 * Why the server refuses a change of the encoding `id` among the customer's `all`, or null: one
 * method at least stays enabled, the default stays enabled (and a disabled method cannot become
 * the default), and SGTIN-96 is only enabled with a valid company prefix (01 §7). The console
 * disables the switch or radio button that would make such a change and shows the message.
 */
export function encodingChangeRefusal(
  all: readonly EncodingFacts[],
  id: number,
  change: EncodingChange,
): EncodingRefusal | null {
  const row = all.find((r) => r.id === id);
  if (!row) return null;
  const disabled = change.disabled ?? row.disabled;
  const isDefault = change.default === true || row.isDefault;
  if (disabled && all.every((r) => r.id === id || r.disabled)) {
    return { field: 'disabled', message: 'oneEncodingEnabled' };
  }
  if (isDefault && disabled) {
    return change.disabled === true
      ? { field: 'disabled', message: 'defaultEncodingDisabled' }
      : { field: 'default', message: 'unknownEncoding' };
  }
  const prefix = change.companyPrefix !== undefined ? change.companyPrefix : row.companyPrefix;
  if (row.method === 'SGTIN96' && !disabled && !isCompanyPrefix(prefix)) {
    return { field: 'metadata.companyPrefix', message: 'companyPrefixRequired' };
  }
  return null;
}

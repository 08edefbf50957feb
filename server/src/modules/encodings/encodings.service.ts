import { VALIDATION_MESSAGES as M, type Encoding } from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import { validationError } from '../../lib/errors.js';
import {
  findCategoryEncodings,
  findDefaultEncoding,
  findEncoding,
  findEncodings,
  type EncodingRow,
} from './encodings.repository.js';

export function presentEncoding(row: EncodingRow): Encoding {
  return { id: row.id, method: row.method, disabled: row.disabled, default: row.isDefault, metadata: row.metadata };
}

/** The customer's encoding methods, ordered NID32, NID64, SGTIN96, LOOKUP. */
export async function listEncodings(tenant: TenantScope): Promise<Encoding[]> {
  return (await findEncodings(tenant)).map(presentEncoding);
}

export interface EncodingChoice {
  encoding?: number | null;
  category?: number | null;
}

/**
 * The effective encoding of a product: its own encoding ?? its category's ?? the parent
 * category's ?? the customer's default. An explicit encoding must exist and be enabled
 * (ValidationError on `encoding`); a named category must exist (ValidationError on `category`).
 * An encoding inherited from a category is answered even when disabled (its `disabled` says so).
 */
export async function resolveEncoding(tenant: TenantScope, choice: EncodingChoice): Promise<Encoding> {
  if (choice.encoding !== undefined && choice.encoding !== null) {
    const row = await findEncoding(tenant, choice.encoding);
    if (!row || row.disabled) throw validationError({ encoding: [M.unknownEncoding] });
    return presentEncoding(row);
  }
  if (choice.category !== undefined && choice.category !== null) {
    const chain = await findCategoryEncodings(tenant, choice.category);
    if (!chain) throw validationError({ category: [M.unknownCategory] });
    const inherited = chain.own ?? chain.parent;
    if (inherited !== null) {
      const row = await findEncoding(tenant, inherited);
      if (row) return presentEncoding(row);
    }
  }
  const fallback = await findDefaultEncoding(tenant);
  if (!fallback) throw new Error(`customer ${tenant.customerId} has no default encoding`);
  return presentEncoding(fallback);
}

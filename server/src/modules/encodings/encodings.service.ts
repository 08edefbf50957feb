import { randomBytes } from 'node:crypto';
import {
  encodingChangeRefusal,
  NID64_SKU_MAX,
  skuMaximum,
  MESSAGE_KEYS as M,
  type Encoding,
  type EncodingFacts,
  type EncodingUpdate,
  type GenerateSku,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound, validationError } from '../../lib/errors.js';
import {
  clearDefaultExcept,
  findLargestSkuUpTo,
  findSmallestFreeSku,
  findUsedSkus,
  lockEncodings,
  updateEncodingRow,
  findCategoryEncodings,
  findDefaultEncoding,
  findEncoding,
  findEncodings,
  type EncodingRow,
} from './encodings.repository.js';

export function presentEncoding(row: EncodingRow): Encoding {
  return { id: row.id, method: row.method, disabled: row.disabled, default: row.isDefault, metadata: row.metadata };
}

const encodingFacts = (row: EncodingRow): EncodingFacts => ({
  id: row.id,
  method: row.method,
  disabled: row.disabled,
  isDefault: row.isDefault,
  companyPrefix: row.metadata.companyPrefix ?? null,
});

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

/**
 * PATCH /master-data/encoding/{id}/: enable or disable, make default (the others stop being
 * default), set the SGTIN-96 company prefix. The default stays enabled, one method at least stays
 * enabled, and SGTIN-96 is only usable with a valid company prefix.
 */
export async function updateEncoding(ctx: ServiceContext, id: number, input: EncodingUpdate): Promise<Encoding[]> {
  await ctx.tenant.transaction(async (tenant) => {
    await lockEncodings(tenant);
    const rows = await findEncodings(tenant);
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound();
    const metadata =
      input.metadata && row.method === 'SGTIN96'
        ? { ...row.metadata, companyPrefix: input.metadata.companyPrefix }
        : row.metadata;
    const disabled = input.disabled ?? row.disabled;
    const isDefault = input.default === true || row.isDefault;
    const refusal = encodingChangeRefusal(rows.map(encodingFacts), id, {
      disabled: input.disabled,
      default: input.default,
      companyPrefix: metadata.companyPrefix ?? null,
    });
    if (refusal) throw validationError({ [refusal.field]: [M[refusal.message]] });
    if (isDefault && !row.isDefault) await clearDefaultExcept(tenant, id);
    await updateEncodingRow(tenant, id, { disabled, isDefault, metadata });
  });
  return listEncodings(ctx.tenant);
}

const RANDOM_PROBES = 32;

function randomSku(limit: bigint): bigint {
  const bytes = randomBytes(8 + Math.ceil(limit.toString(16).length / 2));
  return (BigInt(`0x${bytes.toString('hex')}`) % limit) + 1n;
}

/**
 * POST /master-data/generate-sku/: an unused numeric SKU valid for the effective encoding. Tries
 * one above the largest numeric SKU in the method's range, then random probes, then the smallest
 * gap, so a nearly full space (a small SGTIN-96 partition) still finds its last free SKU; all in
 * SQL, without loading the products.
 */
export async function generateSku(ctx: ServiceContext, input: GenerateSku): Promise<{ sku: string }> {
  const encoding = await resolveEncoding(ctx.tenant, input);
  const limit =
    encoding.method === 'LOOKUP' ? NID64_SKU_MAX : skuMaximum(encoding.method, encoding.metadata.companyPrefix);
  if (limit === null) throw validationError({ encoding: [M.companyPrefixRequired] });
  const largest = (await findLargestSkuUpTo(ctx.tenant, limit)) ?? 0n;
  if (largest < limit) return { sku: (largest + 1n).toString() };
  const probes = [...new Set(Array.from({ length: RANDOM_PROBES }, () => randomSku(limit).toString()))];
  const used = await findUsedSkus(ctx.tenant, probes);
  const free = probes.find((sku) => !used.has(sku));
  if (free) return { sku: free };
  const gap = await findSmallestFreeSku(ctx.tenant, limit);
  if (gap === null) throw validationError({ sku: [M.skuSpaceExhausted] });
  return { sku: gap.toString() };
}

// Other modules read encodings through this service (its public face).
export { findEncoding } from './encodings.repository.js';

// Provisioning (system/) gives a new customer its catalogue defaults through this service.
export { ensureCatalogueDefaults } from './catalogue-defaults.repository.js';

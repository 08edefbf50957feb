import type { Readable } from 'node:stream';
import {
  IMPORT_ATTRIBUTE_PREFIX,
  IMPORT_ERRORS_MAX,
  ITEM_IMPORT_COLUMNS,
  ITEM_IMPORT_REQUIRED_COLUMNS,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_REQUIRED_COLUMNS,
  MESSAGE_KEYS as M,
  encodeEpc,
  importRowErrorCode,
  importRowErrorText,
  skuMaximum,
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { listEncodings } from '../encodings/encodings.service.js';
import { CatalogueIndex } from './catalogue-index.js';
import { ImportFileError, readCsv, readHeader, type CsvRow, type ImportHeader } from './csv-reader.js';
import type { BatchValidator } from './import-rows.js';
import { itemValidator } from './item-import.js';
import {
  analyzeCatalogueTables,
  findCategoriesWithFields,
  insertItems,
  insertProducts,
  type ItemInsert,
  type ProductInsert,
} from './imports.repository.js';
import { LocationResolver } from './location-resolver.js';
import { productValidator } from './product-import.js';

/**
 * Lets other requests run between batches: PGlite answers within the same turn of the event loop,
 * so without this a large import would hold the whole server until it ends.
 */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows checked together: one database question per batch. */
export const IMPORT_BATCH_ROWS = 1000;

/** An uploaded CSV: its stream, and whether the upload limit cut it. */
export interface ImportUpload {
  stream: Readable;
  truncated: () => boolean;
}

export type ImportKind = 'products' | 'items';

interface KindSpec<T> {
  columns: readonly string[];
  required: readonly string[];
  validator: (tenant: TenantScope, index: CatalogueIndex, header: ImportHeader) => Promise<BatchValidator<T>>;
  insert: (tenant: TenantScope, rows: readonly T[]) => Promise<void>;
}

const PRODUCTS: KindSpec<ProductInsert> = {
  columns: PRODUCT_IMPORT_COLUMNS,
  required: PRODUCT_IMPORT_REQUIRED_COLUMNS,
  validator: async (tenant, index, header) => productValidator(tenant, index, header),
  insert: insertProducts,
};

const ITEMS: KindSpec<ItemInsert> = {
  columns: ITEM_IMPORT_COLUMNS,
  required: ITEM_IMPORT_REQUIRED_COLUMNS,
  validator: async (tenant, index, header) =>
    itemValidator(tenant, index, header, await LocationResolver.create(tenant)),
  insert: insertItems,
};

async function loadIndex(tenant: TenantScope): Promise<CatalogueIndex> {
  const [categories, encodings] = await Promise.all([findCategoriesWithFields(tenant), listEncodings(tenant)]);
  return new CatalogueIndex(categories, encodings);
}

interface Outcome<T> {
  rows: number;
  errors: ImportRowError[];
  errorCount: number;
  /** The rows to write, kept only while no row has failed (collect mode). */
  accepted: T[];
}

/**
 * Streams the file through the checks, a batch at a time. In collect mode the checked rows are
 * kept for the commit (as insert values: the file itself is never held); after the first error
 * they are dropped, as nothing will be written.
 */
async function runChecks<T>(
  tenant: TenantScope,
  upload: ImportUpload,
  spec: KindSpec<T>,
  collect: boolean,
): Promise<Outcome<T>> {
  const index = await loadIndex(tenant);
  const outcome: Outcome<T> = { rows: 0, errors: [], errorCount: 0, accepted: [] };
  let validator: BatchValidator<T> | null = null;
  let batch: CsvRow[] = [];
  const flush = async () => {
    if (!validator || batch.length === 0) return;
    const { accepted, errors } = await validator.check(batch);
    batch = [];
    await yieldToOthers();
    outcome.errorCount += errors.length;
    for (const error of errors) if (outcome.errors.length < IMPORT_ERRORS_MAX) outcome.errors.push(error);
    if (collect && outcome.errorCount === 0) outcome.accepted.push(...accepted);
    else outcome.accepted = [];
  };
  for await (const row of readCsv(upload.stream, upload.truncated)) {
    if (!validator) {
      validator = await spec.validator(
        tenant,
        index,
        readHeader(row.cells, spec.columns, spec.required, IMPORT_ATTRIBUTE_PREFIX),
      );
      continue;
    }
    if (row.cells.every((c) => c.trim() === '')) continue;
    outcome.rows++;
    batch.push(row);
    if (batch.length >= IMPORT_BATCH_ROWS) await flush();
  }
  await flush();
  if (!validator) throw new ImportFileError('importNotCsv');
  if (outcome.rows === 0) throw new ImportFileError('importEmpty');
  return outcome;
}

const specOf = (kind: ImportKind) => (kind === 'products' ? PRODUCTS : ITEMS) as KindSpec<unknown>;

/** POST …/import/preview/: every row checked, nothing written. */
export async function previewImport(
  ctx: ServiceContext,
  kind: ImportKind,
  upload: ImportUpload,
): Promise<ImportPreview> {
  const outcome = await runChecks(ctx.tenant, upload, specOf(kind), false);
  return { rows: outcome.rows, errors: outcome.errors };
}

/**
 * POST …/import/: the file is checked again (it may have changed, and so may the catalogue), then
 * every row is written in one transaction with multi-row inserts, or nothing is: any row error
 * answers 'importHasErrors' with the list "Row N: message".
 */
const ANALYZE_AFTER_ROWS = 1000;

export async function commitImport(ctx: ServiceContext, kind: ImportKind, upload: ImportUpload): Promise<ImportResult> {
  const spec = specOf(kind);
  const outcome = await runChecks(ctx.tenant, upload, spec, true);
  if (outcome.errorCount > 0) {
    throw new AppError('ValidationError', [M.importHasErrors, ...outcome.errors.map(importRowErrorText)], {
      codes: [{ code: M.importHasErrors }, ...outcome.errors.map(importRowErrorCode)],
    });
  }
  await ctx.tenant.transaction((tenant) => spec.insert(tenant, outcome.accepted));
  // A bulk load outdates the planner's statistics; PGlite has no autovacuum to refresh them, and a
  // planner that still thinks the table is tiny walks every item to show one page.
  if (outcome.accepted.length >= ANALYZE_AFTER_ROWS) await analyzeCatalogueTables(ctx.tenant.db);
  ctx.log.info({ kind, created: outcome.accepted.length }, 'CSV import committed');
  return { created: outcome.accepted.length };
}

/** An example SKU valid for an encoding (the template's example row). */
function exampleSku(index: CatalogueIndex): string {
  const { method, metadata } = index.defaultEncoding;
  const limit = skuMaximum(method, metadata.companyPrefix);
  return limit !== null && limit < 1001n ? '1' : '1001';
}

/** An example EPC of the default encoding (any 96-bit hex for LOOKUP). */
function exampleEpc(index: CatalogueIndex, sku: string): string {
  const { method, metadata } = index.defaultEncoding;
  try {
    if (method !== 'LOOKUP') return encodeEpc(method, sku, '1', { companyPrefix: metadata.companyPrefix });
  } catch {
    // SGTIN-96 without a company prefix cannot encode: fall back to a lookup-style EPC.
  }
  return 'E28011606000020000000001';
}

/**
 * GET …/import/template/: the header (base columns, then one `attribute:<name>` column per
 * attribute of the level over the customer's categories) and one example row. Attribute cells of
 * the example stay empty: an attribute applies only to the categories that have it.
 */
export async function importTemplate(ctx: ServiceContext, kind: ImportKind): Promise<string[][]> {
  const index = await loadIndex(ctx.tenant);
  const sku = exampleSku(index);
  const attributes = index.attributeNames(kind === 'items').map((name) => `${IMPORT_ATTRIBUTE_PREFIX}${name}`);
  const blanks = attributes.map(() => '');
  if (kind === 'products') {
    return [
      [...PRODUCT_IMPORT_COLUMNS, ...attributes],
      [sku, 'Example product', `EX-${sku}`, '', '', 'A product imported from CSV', 'false', ...blanks],
    ];
  }
  return [
    [...ITEM_IMPORT_COLUMNS, ...attributes],
    [exampleEpc(index, sku), '', 'Example item', '', 'in', ...blanks],
  ];
}

import {
  ProductCreateSchema,
  completeAttributes,
  fieldsOfLevel,
  productAttributeIssues,
  skuError,
  type ImportRowError,
  type ProductCreate,
  type ProductMetadata,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { CatalogueIndex } from './catalogue-index.js';
import { cellReader, type CsvRow, type ImportHeader } from './csv-reader.js';
import { RowProblems, addAttributeIssues, readAttributeCells, type BatchValidator } from './import-rows.js';
import { findProductsBySku, findTakenProductCodes, type ProductInsert } from './imports.repository.js';

/** Where an issue of ProductCreateSchema lives in the file. */
function productColumn(path: string): string | null {
  if (path === 'metadata.description') return 'description';
  if (path === 'metadata.sensor_product') return 'sensor_product';
  if (path.startsWith('attributes')) return 'attributes';
  return ['sku', 'name', 'product_code', 'category', 'encoding'].includes(path) ? path : null;
}

interface Checked {
  line: number;
  problems: RowProblems;
  sku: string | null;
  code: string | null;
  insert: ProductInsert | null;
}

/**
 * The rows of a products file, checked as POST /master-data/product/ checks one product: the
 * schema, the category (by name or "Parent > Child") and encoding (by method name), the SKU
 * against the effective encoding, the attribute rules, and SKU and product code unique in the
 * customer's catalogue and within the file.
 */
export function productValidator(
  tenant: TenantScope,
  index: CatalogueIndex,
  header: ImportHeader,
): BatchValidator<ProductInsert> {
  const skusInFile = new Set<string>();
  const codesInFile = new Set<string>();

  function checkRow(row: CsvRow): Checked {
    const cell = cellReader(header, row.cells);
    const problems = new RowProblems();
    const categoryText = cell('category');
    const category = categoryText ? index.findCategory(categoryText) : undefined;
    if (categoryText && !category) problems.add('category', 'unknownCategory');
    const encodingText = cell('encoding');
    const encoding = encodingText ? index.findEncoding(encodingText) : undefined;
    if (encodingText && !encoding) problems.add('encoding', 'unknownEncoding');
    const fields = fieldsOfLevel(category?.fields ?? [], 'product');
    const values = readAttributeCells(header, row.cells, fields, problems);
    const description = cell('description');
    const sensor = cell('sensor_product').toLowerCase();
    const metadata: ProductMetadata = {
      ...(description ? { description } : {}),
      sensor_product: (sensor || 'false') as 'true' | 'false',
    };
    const raw = {
      sku: cell('sku'),
      name: cell('name'),
      product_code: cell('product_code'),
      category: category?.id ?? null,
      encoding: encoding?.id ?? null,
      metadata,
      attributes: values,
    };
    const parsed = ProductCreateSchema.safeParse(raw);
    if (!parsed.success) problems.addIssues(parsed.error.issues, productColumn);
    // A column the schema refused does not stop the checks of the others: the preview lists every
    // problem of a row at once, so one round of fixes is enough.
    const valid = <K extends keyof ProductCreate>(key: K): ProductCreate[K] | undefined => {
      if (parsed.success) return parsed.data[key];
      const one = ProductCreateSchema.shape[key].safeParse(raw[key]);
      return one.success ? (one.data as ProductCreate[K]) : undefined;
    };
    const inputSku = valid('sku');
    const inputCode = valid('product_code');
    const attributes = valid('attributes');
    const effective = index.effectiveEncoding({ encodingId: raw.encoding, categoryId: raw.category });
    if (effective.disabled) problems.add('encoding', 'unknownEncoding');
    else if (inputSku !== undefined) {
      const error = skuError(inputSku, { method: effective.method, companyPrefix: effective.metadata.companyPrefix });
      if (error) problems.add('sku', error);
    }
    const categoryFields = category?.fields ?? [];
    if (attributes !== undefined) {
      addAttributeIssues(problems, categoryFields, productAttributeIssues(categoryFields, attributes));
    }
    let sku: string | null = inputSku ?? null;
    if (sku !== null) {
      if (skusInFile.has(sku)) {
        problems.add('sku', 'duplicateInFile');
        sku = null;
      } else skusInFile.add(sku);
    }
    let code = inputCode ?? null;
    if (code !== null) {
      if (codesInFile.has(code)) {
        problems.add('product_code', 'duplicateInFile');
        code = null;
      } else codesInFile.add(code);
    }
    if (!parsed.success) return { line: row.line, problems, sku, code, insert: null };
    const input = parsed.data;
    return {
      line: row.line,
      problems,
      sku,
      code,
      insert: {
        sku: input.sku,
        name: input.name,
        productCode: input.product_code,
        categoryId: input.category,
        encodingId: input.encoding,
        metadata: input.metadata,
        attributes: input.category === null ? [] : completeAttributes(categoryFields, input.attributes, 'product'),
      },
    };
  }

  return {
    async check(rows) {
      const checked = rows.map(checkRow);
      const skus = checked.flatMap((c) => (c.sku ? [c.sku] : []));
      const codes = checked.flatMap((c) => (c.code ? [c.code] : []));
      const [taken, takenCodes] = await Promise.all([
        findProductsBySku(tenant, skus),
        findTakenProductCodes(tenant, codes),
      ]);
      const takenSkus = new Set(taken.map((p) => p.sku));
      const accepted: ProductInsert[] = [];
      const errors: ImportRowError[] = [];
      for (const c of checked) {
        if (c.sku && takenSkus.has(c.sku)) c.problems.add('sku', 'skuTaken');
        if (c.code && takenCodes.has(c.code)) c.problems.add('product_code', 'productCodeTaken');
        if (c.problems.ok && c.insert) accepted.push(c.insert);
        else errors.push(...c.problems.errors(c.line));
      }
      return { accepted, errors };
    },
  };
}

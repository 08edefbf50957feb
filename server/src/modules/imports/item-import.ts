import {
  ItemCreateSchema,
  completeAttributes,
  fieldsOfLevel,
  itemAttributeIssues,
  type ImportRowError,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { CatalogueIndex } from './catalogue-index.js';
import { cellReader, type CsvRow, type ImportHeader } from './csv-reader.js';
import { RowProblems, addAttributeIssues, readAttributeCells, type BatchValidator } from './import-rows.js';
// The items module's own resolution (EPC → product, with the sku hint): one rule for the API and the import.
import { resolveProducts } from '../items/item-products.service.js';
import { findTakenEpcs, type ItemInsert } from './imports.repository.js';
import type { LocationResolver } from './location-resolver.js';

/** Where an issue of ItemCreateSchema lives in the file. */
function itemColumn(path: string): string | null {
  if (path === 'code') return 'epc';
  if (path === 'product__sku') return 'sku';
  if (path.startsWith('metadata')) return 'name';
  if (path.startsWith('attributes')) return 'attributes';
  return ['location', 'status'].includes(path) ? path : null;
}

interface Pending {
  row: CsvRow;
  problems: RowProblems;
  code: string | null;
  namedSku: string;
  location: string;
  name: string;
  status: 'in' | 'out' | 'lost';
  /** Whether to ask if the EPC is taken: not for a refused EPC nor for its second occurrence in the file. */
  checkEpcTaken: boolean;
}

/**
 * The rows of an items file, checked as POST /tag-data/tag/ checks one item: the schema, the EPC
 * unique in the customer's items (removed ones too) and within the file, the product from the EPC
 * (resolveProducts of the items module; the sku column is its hint, for lookup products), the
 * location (uuid or path, Unassigned when empty, never Removed) and the item-level attribute rules
 * of the product's category.
 */
export function itemValidator(
  tenant: TenantScope,
  index: CatalogueIndex,
  header: ImportHeader,
  locations: LocationResolver,
): BatchValidator<ItemInsert> {
  const epcsInFile = new Set<string>();

  function firstPass(row: CsvRow): Pending {
    const cell = cellReader(header, row.cells);
    const problems = new RowProblems();
    const name = cell('name');
    const parsed = ItemCreateSchema.safeParse({
      code: cell('epc'),
      product__sku: cell('sku') || undefined,
      metadata: name ? { name } : {},
      status: cell('status').toLowerCase() || undefined,
    });
    const pending: Pending = {
      row,
      problems,
      code: null,
      namedSku: cell('sku'),
      location: cell('location'),
      name,
      status: 'in',
      checkEpcTaken: false,
    };
    if (!parsed.success) {
      problems.addIssues(parsed.error.issues, itemColumn);
      const codeOk = !parsed.error.issues.some((i) => i.path[0] === 'code');
      if (!codeOk) return pending;
    }
    const code = cell('epc').toUpperCase();
    pending.code = code;
    if (parsed.success) pending.status = parsed.data.status;
    if (epcsInFile.has(code)) problems.add('epc', 'duplicateInFile');
    else {
      epcsInFile.add(code);
      pending.checkEpcTaken = true;
    }
    return pending;
  }

  return {
    async check(rows) {
      const pending = rows.map(firstPass);
      const codes = pending.flatMap((p) => (p.checkEpcTaken && p.code ? [p.code] : []));
      const resolvable = pending.flatMap((p) => (p.code ? [p.code] : []));
      // The hint of an EPC's first row in the batch: a repeated EPC is refused anyway.
      const hints = new Map<string, string | undefined>();
      for (const p of pending) if (p.code && !hints.has(p.code)) hints.set(p.code, p.namedSku || undefined);
      const [taken, resolutions] = await Promise.all([
        findTakenEpcs(tenant, codes),
        resolveProducts(tenant, resolvable, hints, index.encodings),
        locations.prepare(pending.map((p) => p.location)),
      ]);
      const accepted: ItemInsert[] = [];
      const errors: ImportRowError[] = [];
      for (const p of pending) {
        const { problems } = p;
        if (p.checkEpcTaken && p.code && taken.has(p.code)) problems.add('epc', 'epcTaken');
        const location = locations.resolve(p.location);
        if ('error' in location) problems.add('location', location.error);
        const product = p.code === null ? undefined : resolutions.get(p.code);
        if (product && 'error' in product) problems.add('sku', product.error);
        const resolved = product && !('error' in product) ? product : null;
        const categoryFields = index.fields(resolved?.categoryId ?? null);
        const fields = fieldsOfLevel(categoryFields, 'item');
        const values = readAttributeCells(header, p.row.cells, fields, problems);
        if (resolved) addAttributeIssues(problems, categoryFields, itemAttributeIssues(categoryFields, values));
        if (problems.ok && resolved && p.code && 'uuid' in location) {
          accepted.push({
            code: p.code,
            productId: resolved.productId,
            name: p.name,
            metadata: {},
            attributes: completeAttributes(categoryFields, values, 'item'),
            status: p.status,
            locationUuid: location.uuid,
          });
        } else errors.push(...problems.errors(p.row.line));
      }
      return { accepted, errors };
    },
  };
}

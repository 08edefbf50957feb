import { z } from 'zod';
import { MessageCodeSchema } from '../common/errors.js';
import type { MessageCode } from '../common/messages.js';

/**
 * CSV imports of products and items (docs/imports.md). The file's columns are named in its
 * header; these are the template's base columns, then one column per category attribute, named
 * `attribute:<attribute name>`.
 */
export const PRODUCT_IMPORT_COLUMNS = [
  'sku',
  'name',
  'product_code',
  'category',
  'encoding',
  'description',
  'sensor_product',
] as const;
export const ITEM_IMPORT_COLUMNS = ['epc', 'sku', 'name', 'location', 'status'] as const;
/** Columns the header must have; the others may be left out. */
export const PRODUCT_IMPORT_REQUIRED_COLUMNS = ['sku', 'name'] as const;
export const ITEM_IMPORT_REQUIRED_COLUMNS = ['epc'] as const;
export const IMPORT_ATTRIBUTE_PREFIX = 'attribute:';
/** Separates the levels of a path: a subcategory ("Parent > Child") or a location ("Site > Hall > Shelf"). */
export const IMPORT_PATH_SEPARATOR = ' > ';
/** At most this many row errors are listed (preview and refused commit); fix them and check again. */
export const IMPORT_ERRORS_MAX = 1000;
export const PRODUCT_IMPORT_TEMPLATE_FILE = 'products-template.csv';
export const ITEM_IMPORT_TEMPLATE_FILE = 'items-template.csv';

/**
 * One problem of a row: `row` is the line number in the file (the header is line 1), `column` the
 * file's column it is about (null: the row as a whole), `message` the English "column: message",
 * and `code` with `params` the message's code and values (docs/errors.md).
 */
export const ImportRowErrorSchema = MessageCodeSchema.extend({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

/** POST …/import/preview/: the number of data rows and the problems found (nothing is written). */
export const ImportPreviewSchema = z.object({
  rows: z.number().int(),
  errors: z.array(ImportRowErrorSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** POST …/import/: every row was written. */
export const ImportResultSchema = z.object({ created: z.number().int() });
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** The "Row N: message" text a refused commit lists. */
export function importRowErrorText(error: ImportRowError): string {
  return `Row ${error.row}: ${error.message}`;
}

/** The code a refused commit lists for a row problem: the message's, with `row` and `column` among its values. */
export function importRowErrorCode(error: ImportRowError): MessageCode {
  const params: Record<string, string> = { ...error.params, row: String(error.row) };
  if (error.column !== null) params.column = error.column;
  return { code: error.code, params };
}

/** A row problem back from a refused commit's code (importRowErrorCode); null when it is not one. */
export function importRowErrorOfCode(code: MessageCode, message: string): ImportRowError | null {
  const { row, column, ...params } = code.params ?? {};
  if (row === undefined || !/^\d+$/.test(row)) return null;
  return { row: Number(row), column: column ?? null, message, code: code.code, params };
}

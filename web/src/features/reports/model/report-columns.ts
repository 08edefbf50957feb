import { arrayMove } from '@dnd-kit/sortable';
import {
  INVENTORY_REPORT_FIELDS,
  INVENTORY_REPORT_REQUIRED_FIELDS,
  ITEM_REPORT_FIELDS,
  ITEM_REPORT_REQUIRED_FIELDS,
  attributeField,
  type CategoryField,
  type ReportColumn,
  type ReportOrdering,
} from '@tagtrack/contract';

/** The column that is always shown, always first (03 §3). */
export const CODE_FIELD = 'code';

export const DEFAULT_ORDERING: readonly ReportOrdering[] = [{ field: CODE_FIELD, value: 'ascending' }];

/** Whether a column may be removed: code may not (or those of `required`, e.g. an inventory report's three). */
export const isRequiredColumn = (key: string, required: readonly string[] = ITEM_REPORT_REQUIRED_FIELDS) =>
  required.includes(key);

/** The inventory report's default sort: SKU ascending (03 §3). */
export const INVENTORY_DEFAULT_ORDERING: readonly ReportOrdering[] = [{ field: 'product__sku', value: 'ascending' }];

/** A new inventory report's columns: its mandatory three, with their translated headers. */
export function inventoryDefaultColumns(header: (key: string) => string): ReportColumn[] {
  return INVENTORY_REPORT_REQUIRED_FIELDS.map((key) => ({ header: header(key), headerKey: key }));
}

/** The columns an inventory report may show: the standard ones and its category's product attributes. */
export function inventoryColumnChoices(
  header: (key: string) => string,
  attributes: readonly CategoryField[],
): ReportColumn[] {
  return [
    ...INVENTORY_REPORT_FIELDS.map((key) => ({ header: header(key), headerKey: key })),
    ...attributes.map((field) => ({ header: field.name, headerKey: attributeField(field.id) })),
  ];
}

/** Every standard column, code first, with its translated header. */
export function defaultColumns(header: (key: string) => string): ReportColumn[] {
  return ITEM_REPORT_FIELDS.map((key) => ({ header: header(key), headerKey: key }));
}

/** The columns a report of a category may show: the standard ones and its item attributes. */
export function columnChoices(header: (key: string) => string, attributes: readonly CategoryField[]): ReportColumn[] {
  return [
    ...defaultColumns(header),
    ...attributes.map((field) => ({ header: field.name, headerKey: attributeField(field.id) })),
  ];
}

/**
 * A column dragged from `activeKey` onto `overKey`. Code stays first: it does not move, and
 * nothing moves before it; an unknown key leaves the columns as they are.
 */
export function moveColumn(columns: readonly ReportColumn[], activeKey: string, overKey: string): ReportColumn[] {
  const from = columns.findIndex((c) => c.headerKey === activeKey);
  const to = columns.findIndex((c) => c.headerKey === overKey);
  if (from < 0 || to < 0 || from === to) return [...columns];
  if (columns[from]?.headerKey === CODE_FIELD || (to === 0 && columns[0]?.headerKey === CODE_FIELD))
    return [...columns];
  return arrayMove([...columns], from, to);
}

/** Columns without one: the orderings on it go too (an ordering names a shown column). */
export function removeColumn(
  columns: readonly ReportColumn[],
  ordering: readonly ReportOrdering[],
  key: string,
  required: readonly string[] = ITEM_REPORT_REQUIRED_FIELDS,
): { fields: ReportColumn[]; ordering: ReportOrdering[] } {
  if (isRequiredColumn(key, required)) return { fields: [...columns], ordering: [...ordering] };
  return { fields: columns.filter((c) => c.headerKey !== key), ordering: ordering.filter((o) => o.field !== key) };
}

/** The shown columns an ordering row may pick: none another row uses (no field twice). */
export function orderingChoices(
  columns: readonly ReportColumn[],
  ordering: readonly ReportOrdering[],
  row?: number,
): ReportColumn[] {
  const used = new Set(ordering.filter((_, i) => i !== row).map((o) => o.field));
  return columns.filter((c) => !used.has(c.headerKey));
}

/** A new ordering row on the first unused column, or null when every column is used. */
export function nextOrdering(
  columns: readonly ReportColumn[],
  ordering: readonly ReportOrdering[],
): ReportOrdering | null {
  const free = orderingChoices(columns, ordering)[0];
  return free ? { field: free.headerKey, value: 'ascending' } : null;
}

/**
 * A saved report's columns titled in the console's language: a standard column by its label
 * (the report keeps the title it was saved with, in the saver's language), an attribute's by the
 * title saved (the attribute's name).
 */
export function withHeaders<C extends { header: string; headerKey: string }>(
  fields: readonly C[],
  header: (key: string) => string,
): C[] {
  return fields.map((field) => {
    const label = header(field.headerKey);
    return label === field.headerKey ? { ...field } : { ...field, header: label };
  });
}

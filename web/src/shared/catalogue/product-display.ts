import {
  DESCRIPTION_TRUNCATION,
  UNASSIGNED_SKU,
  fieldsOfLevel,
  isAttributePlaceholder,
  type CategoryField,
  type Product,
} from '@tagtrack/contract';

/**
 * How a product is shown (01 §2.8, §2.13): the product and inventory details dialogs share these
 * rules, so a description is cut and an attribute read the same way on both.
 */

/** The special product that collects items whose EPC maps to no product. */
export function isUnassignedProduct(product: Pick<Product, 'sku' | 'product_code'>): boolean {
  return product.product_code === UNASSIGNED_SKU || product.sku === UNASSIGNED_SKU;
}

export const DESCRIPTION_PREVIEW_CHARS = DESCRIPTION_TRUNCATION;

/** The description as first shown: at most 300 characters, an ellipsis when cut. */
export function truncateDescription(text: string, max = DESCRIPTION_PREVIEW_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** 'YYYY-MM-DD…' → 'DD/MM/YYYY'; a 1970 date (the unset placeholder) and anything else → ''. */
export function formatAttributeDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match || match[1] === '1970') return '';
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/**
 * How the details dialog shows an attribute (01 §2.8): text shows the fixed value when set,
 * otherwise the value; a list its value; a number hides the 1e-10 placeholder; a date hides
 * year 1970 and reads day/month/year.
 */
export function attributeDisplayValue(
  field: Pick<CategoryField, 'type' | 'fixed_data' | 'fixed_value'>,
  value: string | null | undefined,
): string {
  const text = (value ?? '').trim();
  switch (field.type) {
    case 'Text':
      return field.fixed_data && field.fixed_value ? field.fixed_value : text;
    case 'DropdownList':
      return text;
    case 'Number':
      return isAttributePlaceholder('Number', text) ? '' : text;
    case 'DateTime':
      return formatAttributeDate(text);
  }
}

export interface AttributeRow {
  id: number;
  name: string;
  value: string;
}

/** The product-level attributes (asset_data false) with their display values, in the category's order. */
export function productAttributeRows(product: Pick<Product, 'attributes' | 'category_fields'>): AttributeRow[] {
  return fieldsOfLevel(product.category_fields, 'product').map((field) => {
    const entry = product.attributes.find((a) => a.datafield === field.id);
    return { id: field.id, name: field.name, value: attributeDisplayValue(field, entry?.value) };
  });
}

import {
  hasRealValue,
  type Category,
  type CategoryField,
  type Encoding,
  type Product,
  type Subcategory,
} from '@tagtrack/contract';

// The product display rules are shared with the inventory screens.
export type { AttributeRow } from '../../../../shared/catalogue/product-display';
export {
  attributeDisplayValue,
  DESCRIPTION_PREVIEW_CHARS,
  formatAttributeDate,
  isUnassignedProduct,
  productAttributeRows,
  truncateDescription,
} from '../../../../shared/catalogue/product-display';

/** A category of the picker with the top-level category it belongs to (null for a top-level one). */
export interface CategoryEntry {
  category: Subcategory;
  parent: Category | null;
}

/** Every category and subcategory of the tree by id. */
export function indexCategories(tree: readonly Category[]): Map<number, CategoryEntry> {
  const index = new Map<number, CategoryEntry>();
  for (const root of tree) {
    index.set(root.id, { category: root, parent: null });
    for (const sub of root.subcategories) index.set(sub.id, { category: sub, parent: root });
  }
  return index;
}

/** The customer's default encoding (the first enabled one if none is marked). */
export function defaultEncoding(encodings: readonly Encoding[]): Encoding | undefined {
  return encodings.find((e) => e.default) ?? encodings.find((e) => !e.disabled);
}

/**
 * The encoding a category gives its products: its own, else its parent's, else the customer's
 * default (the server's resolveEncoding follows the same chain).
 */
export function categoryEncoding(
  categoryId: number | null,
  index: ReadonlyMap<number, CategoryEntry>,
  encodings: readonly Encoding[],
): Encoding | undefined {
  const entry = categoryId ? index.get(categoryId) : undefined;
  const id = entry?.category.encoding ?? entry?.parent?.encoding ?? null;
  return (id !== null ? encodings.find((e) => e.id === id) : undefined) ?? defaultEncoding(encodings);
}

/** A product's effective encoding: its own, else its category's chain, else the default. */
export function productEncoding(
  product: Pick<Product, 'encoding' | 'category'>,
  index: ReadonlyMap<number, CategoryEntry>,
  encodings: readonly Encoding[],
): Encoding | undefined {
  const own = product.encoding !== null ? encodings.find((e) => e.id === product.encoding) : undefined;
  return own ?? categoryEncoding(product.category, index, encodings);
}

/** 'NID32', … ; SGTIN96 with its company prefix in brackets. */
export function encodingLabel(encoding: Pick<Encoding, 'method' | 'metadata'>): string {
  const prefix = encoding.metadata.companyPrefix;
  return encoding.method === 'SGTIN96' && prefix ? `${encoding.method} (${prefix})` : encoding.method;
}

/** A stored attribute value as the form's input holds it (datetime-local: 'YYYY-MM-DDTHH:mm'). */
export function attributeInputValue(type: CategoryField['type'], value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!hasRealValue(type, text)) return '';
  if (type === 'DateTime') {
    const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(text);
    return match ? `${match[1]}T${match[2] ?? '00:00'}` : text;
  }
  return text;
}

/** The form's input value as the API stores it: a datetime-local value gets its seconds. */
export function attributeStoredValue(type: CategoryField['type'], input: string): string {
  const text = input.trim();
  if (type === 'DateTime' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return `${text}:00`;
  return text;
}

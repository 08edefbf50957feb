import {
  EpcSchema,
  ITEM_NAME_MAX,
  UNASSIGNED_SKU,
  completeAttributes,
  fieldsOfLevel,
  hasRealValue,
  isAttributePlaceholder,
  type AttributeValue,
  type Category,
  type CategoryField,
  type Encoding,
  type Item,
  type Product,
} from '@tagtrack/contract';

/** The item form's values: selectors as text ('' nothing chosen, '0' no category). */
export interface ItemFormValues {
  category: string;
  product: string;
  name: string;
  epc: string;
  /** '' until the user picks one: the server puts the item in the Unassigned root. */
  location: string;
}

export type ItemFormMode =
  | { kind: 'add' }
  /** `product`: the item's product (undefined while it loads). */
  | { kind: 'edit'; item: Item; product: Product | undefined };

export const NO_CATEGORY = '0';

export const attributeKey = (field: Pick<CategoryField, 'id'>) => `f${field.id}`;

export interface CategoryNode {
  id: number;
  name: string;
  parent: number | null;
  encoding: number | null;
}

/** Every category and subcategory by id. */
export function indexCategories(tree: readonly Category[]): Map<number, CategoryNode> {
  const index = new Map<number, CategoryNode>();
  for (const category of tree) {
    index.set(category.id, category);
    for (const sub of category.subcategories) index.set(sub.id, sub);
  }
  return index;
}

/**
 * The effective encoding of a product (the API's rule): its own, else its category's, else the
 * parent category's, else the customer's default.
 */
export function effectiveEncoding(
  product: Pick<Product, 'encoding' | 'category'>,
  categories: ReadonlyMap<number, CategoryNode>,
  encodings: readonly Encoding[],
): Encoding | undefined {
  const byId = (id: number | null | undefined) => (id == null ? undefined : encodings.find((e) => e.id === id));
  const category = product.category == null ? undefined : categories.get(product.category);
  const parent = category?.parent == null ? undefined : categories.get(category.parent);
  return (
    byId(product.encoding) ?? byId(category?.encoding) ?? byId(parent?.encoding) ?? encodings.find((e) => e.default)
  );
}

export function isLookupProduct(
  product: Pick<Product, 'encoding' | 'category'>,
  categories: ReadonlyMap<number, CategoryNode>,
  encodings: readonly Encoding[],
): boolean {
  return effectiveEncoding(product, categories, encodings)?.method === 'LOOKUP';
}

export const isUnassignedSku = (sku: string | null | undefined) => sku === UNASSIGNED_SKU;

/** The item-level fields (asset_data) of a product's category. */
export function itemFields(product: Pick<Product, 'category_fields'> | undefined): CategoryField[] {
  return product ? fieldsOfLevel(product.category_fields, 'item') : [];
}

/** A stored value as the input shows it: placeholders are empty, a date-time is cut to minutes. */
export function inputValue(field: CategoryField, stored: string | null | undefined): string {
  const text = stored ?? '';
  if (isAttributePlaceholder(field.type, text)) return '';
  if (field.type === 'DateTime') return text.replace(' ', 'T').slice(0, 16);
  return text;
}

/** An input's value as stored: a date-time gets its seconds. */
export function storedValue(field: CategoryField, input: string): string {
  const text = input.trim();
  if (field.type === 'DateTime' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return `${text}:00`;
  return text;
}

/** The inputs' starting values: the item's values when it has them, else the fixed or default value. */
export function initialAttributes(
  fields: readonly CategoryField[],
  item?: Pick<Item, 'attributes'>,
): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const own = item?.attributes.find((a) => a.datafield === field.id);
      const stored = field.fixed_data ? field.fixed_value : own ? own.value : field.default_value;
      return [attributeKey(field), inputValue(field, stored)];
    }),
  );
}

/** The values as typed, one per item-level field, in the fields' order. */
export function typedAttributes(fields: readonly CategoryField[], values: Record<string, string>): AttributeValue[] {
  return fields.map((field) => ({
    datafield: field.id,
    name: field.name,
    value: field.fixed_data ? (field.fixed_value ?? '') : storedValue(field, values[attributeKey(field)] ?? ''),
  }));
}

/** What is sent: one value per item-level field (same order), placeholders for unset dates and numbers. */
export function attributesToSend(
  categoryFields: readonly CategoryField[],
  values: Record<string, string>,
): AttributeValue[] {
  return completeAttributes(categoryFields, typedAttributes(fieldsOfLevel(categoryFields, 'item'), values), 'item');
}

/** day/month/year of an ISO date, as the product details show dates. */
function dayMonthYear(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : text;
}

/**
 * A product attribute as the read-only section shows it (01 §2.8): text shows the fixed value if
 * set, otherwise the value; a Number placeholder and a 1970 date are shown empty; dates day/month/year.
 */
export function productAttributeText(field: CategoryField, value: string | null | undefined): string {
  if (field.type === 'Text' && field.fixed_data && field.fixed_value) return field.fixed_value;
  const text = (value ?? '').trim();
  if (!hasRealValue(field.type, text)) return '';
  if (field.type === 'DateTime') return text.startsWith('1970') ? '' : dayMonthYear(text);
  return text;
}

/** The product-level attributes with the text to show, in the category's order. */
export function productAttributeRows(product: Pick<Product, 'category_fields' | 'attributes'>) {
  return fieldsOfLevel(product.category_fields, 'product').map((field) => ({
    field,
    text: productAttributeText(field, product.attributes.find((a) => a.datafield === field.id)?.value),
  }));
}

/** Products sorted by SKU, ascending and case-insensitive (01 §9, the product picker). */
export function bySku(a: Pick<Product, 'sku'>, b: Pick<Product, 'sku'>): number {
  return a.sku.localeCompare(b.sku, undefined, { sensitivity: 'base' });
}

/** The label a product has in pickers: its name and SKU (a product without a name shows its code or SKU). */
export function productLabel(product: Pick<Product, 'name' | 'sku' | 'product_code'>): string {
  const name = product.name || product.product_code || product.sku;
  return name === product.sku ? product.sku : `${name} (${product.sku})`;
}

/** The form's starting values: empty to add, the item's to edit. */
export function itemFormDefaults(mode: ItemFormMode): ItemFormValues {
  if (mode.kind === 'add') return { category: '', product: '', name: '', epc: '', location: '' };
  const { item } = mode;
  const unassigned = isUnassignedSku(item.product__sku);
  return {
    category: unassigned ? '' : item.category === null ? NO_CATEGORY : String(item.category),
    product: unassigned ? '' : item.product__sku,
    name: item.metadata.name ?? '',
    epc: item.code,
    location: item.location,
  };
}

/** A form field a rule can refuse, with the message key. */
export type ItemFormIssue = { field: 'category' | 'product' | 'epc' | 'name'; message: string };

/**
 * The rules checked on submit (the attributes' are the contract's, checked beside them): a valid
 * EPC when adding; when the product is chosen, both selectors once choosing has started (or the
 * edited item already has a product); a name within its length.
 */
export function itemFormIssues(
  values: ItemFormValues,
  { editing, choosable }: { editing: Pick<Item, 'product__sku'> | null; choosable: boolean },
): ItemFormIssue[] {
  const issues: ItemFormIssue[] = [];
  const code = EpcSchema.safeParse(values.epc);
  if (!editing && !code.success) issues.push({ field: 'epc', message: code.error.issues[0]?.message ?? 'requiredEpc' });
  if (choosable) {
    // Choosing is optional while the item may stay Unassigned; once started, both are needed.
    const needed =
      values.category !== '' || values.product !== '' || (editing !== null && !isUnassignedSku(editing.product__sku));
    if (needed && values.category === '') issues.push({ field: 'category', message: 'requiredCategory' });
    if (needed && values.product === '') issues.push({ field: 'product', message: 'requiredProduct' });
  }
  if (values.name.trim().length > ITEM_NAME_MAX) issues.push({ field: 'name', message: 'nameMaxLength' });
  return issues;
}

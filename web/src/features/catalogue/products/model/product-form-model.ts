import {
  ProductCreateSchema,
  fieldsOfLevel,
  productAttributeIssues,
  skuError,
  skuHasLetters,
  completeAttributes,
  type AttributeValue,
  type CategoryField,
  type Encoding,
  type Product,
  type ProductUpdate,
} from '@tagtrack/contract';
import type { ProductCreateInput } from '../../api/create-product';
import { attributeInputValue, attributeStoredValue } from './product-model';

/** The catalogue form (every field) or the inventory variant (category, name, SKU, attributes). */
export type ProductFormVariant = 'catalogue' | 'inventory';

/** Add (in either variant) or edit a product. */
export type ProductFormMode = { kind: 'add'; variant: ProductFormVariant } | { kind: 'edit'; product: Product };

/** Category select value of "None" (no category). */
export const NO_CATEGORY = '0';

export interface ProductFormValues {
  sensorProduct: boolean;
  /** '' until chosen, NO_CATEGORY for None, else the category id. */
  category: string;
  name: string;
  /** Encoding id ('' while the encodings load). */
  encoding: string;
  sku: string;
  productCode: string;
  description: string;
  /** Input values by attribute key (attributeKey(field.id)). */
  attributes: Record<string, string>;
}

/** Form key of an attribute: not a bare number, which the form library would take for an array index. */
export const attributeKey = (id: number) => `f${id}`;

export type ProductFormField = Exclude<keyof ProductFormValues, 'attributes'> | `attributes.${string}`;
/** Message keys (possibly with params) by form field. */
export type ProductFormErrors = Partial<Record<ProductFormField, string>>;

/** The chosen category id, or null for None and while none is chosen. */
export function categoryIdOf(values: Pick<ProductFormValues, 'category'>): number | null {
  const id = Number(values.category);
  return values.category !== '' && id > 0 ? id : null;
}

/** The attributes a product of this category holds values for: the product-level ones. */
export function productFields(fields: readonly CategoryField[] | undefined): CategoryField[] {
  return fieldsOfLevel(fields ?? [], 'product');
}

/** Inputs of a freshly chosen category: fixed values, else default values. */
export function defaultAttributeInputs(fields: readonly CategoryField[]): Record<string, string> {
  return Object.fromEntries(
    productFields(fields).map((f) => [
      attributeKey(f.id),
      attributeInputValue(f.type, f.fixed_data ? f.fixed_value : f.default_value),
    ]),
  );
}

export function emptyProductForm(encodingId: number | undefined): ProductFormValues {
  return {
    sensorProduct: false,
    category: '',
    name: '',
    encoding: encodingId === undefined ? '' : String(encodingId),
    sku: '',
    productCode: '',
    description: '',
    attributes: {},
  };
}

/** The edit form's values of a product; `encodingId` is its effective encoding. */
export function productFormValues(product: Product, encodingId: number | undefined): ProductFormValues {
  const attributes = Object.fromEntries(
    productFields(product.category_fields).map((f) => {
      const stored = product.attributes.find((a) => a.datafield === f.id)?.value;
      return [attributeKey(f.id), attributeInputValue(f.type, f.fixed_data ? f.fixed_value : stored)];
    }),
  );
  const description = product.metadata.description;
  return {
    sensorProduct: product.metadata.sensor_product === 'true',
    category: product.category === null ? NO_CATEGORY : String(product.category),
    name: product.name,
    encoding: encodingId === undefined ? '' : String(encodingId),
    sku: product.sku,
    productCode: product.product_code ?? '',
    description: typeof description === 'string' ? description : '',
    attributes,
  };
}

/** The attribute values to send: one per product-level field, placeholders for unset ones. */
export function attributePayload(fields: readonly CategoryField[], values: ProductFormValues): AttributeValue[] {
  const sent = productFields(fields).map((f) => ({
    datafield: f.id,
    name: f.name,
    value: attributeStoredValue(f.type, values.attributes[attributeKey(f.id)] ?? ''),
  }));
  return completeAttributes(fields, sent, 'product');
}

/** POST body of the catalogue form or of the inventory variant (which has no encoding, code or description). */
export function createPayload(
  values: ProductFormValues,
  fields: readonly CategoryField[],
  variant: ProductFormVariant,
): ProductCreateInput {
  const base = {
    sku: values.sku.trim(),
    name: values.name,
    category: categoryIdOf(values),
    attributes: attributePayload(fields, values),
  };
  if (variant === 'inventory') return { ...base, encoding: null, metadata: {} };
  return {
    ...base,
    product_code: values.productCode.trim() || null,
    encoding: values.encoding ? Number(values.encoding) : null,
    metadata: { description: values.description, sensor_product: values.sensorProduct ? 'true' : 'false' },
  };
}

/** PATCH body: everything but the SKU; other metadata entries of the product are kept. */
export function updatePayload(
  values: ProductFormValues,
  fields: readonly CategoryField[],
  product: Pick<Product, 'metadata'>,
): ProductUpdate {
  return {
    name: values.name,
    category: categoryIdOf(values),
    product_code: values.productCode.trim() || null,
    encoding: values.encoding ? Number(values.encoding) : null,
    metadata: {
      ...product.metadata,
      description: values.description,
      sensor_product: values.sensorProduct ? 'true' : 'false',
    },
    attributes: attributePayload(fields, values),
  };
}

const SCHEMA_FIELDS: Record<string, ProductFormField> = {
  sku: 'sku',
  name: 'name',
  product_code: 'productCode',
  metadata: 'description',
};

/**
 * The form's rules on submit (01 §5): category chosen ('Category name is required'), the
 * contract's product schema (name, SKU, lengths), the SKU rules for the encoding (skuError) and
 * the attribute rules of the category's product-level fields. Answers message keys by field.
 */
export function validateProductForm(
  values: ProductFormValues,
  context: { fields: readonly CategoryField[]; encoding: Pick<Encoding, 'method' | 'metadata'> | undefined },
): ProductFormErrors {
  const errors: ProductFormErrors = {};
  const set = (field: ProductFormField, message: string) => {
    errors[field] ??= message;
  };
  if (values.category === '') set('category', 'requiredCategoryName');
  const parsed = ProductCreateSchema.safeParse(createPayload(values, context.fields, 'catalogue'));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = SCHEMA_FIELDS[String(issue.path[0])];
      if (field) set(field, issue.message);
    }
  }
  if (!errors.sku && context.encoding) {
    const error = skuError(values.sku, {
      method: context.encoding.method,
      companyPrefix: context.encoding.metadata.companyPrefix,
    });
    if (error) set('sku', error);
  }
  const sent = productFields(context.fields).map((f) => ({
    datafield: f.id,
    name: f.name,
    value: attributeStoredValue(f.type, values.attributes[attributeKey(f.id)] ?? ''),
  }));
  for (const issue of productAttributeIssues(context.fields, sent))
    set(`attributes.${attributeKey(issue.datafield)}`, issue.message);
  return errors;
}

/**
 * Save of the edit form is disabled when nothing changed, when the SKU is invalid for the
 * encoding, or when it holds letters and the encoding is not LOOKUP (01 §2.10).
 */
export function editSaveDisabled(
  values: ProductFormValues,
  initial: ProductFormValues,
  encoding: Pick<Encoding, 'method' | 'metadata'> | undefined,
): boolean {
  if (!formChanged(values, initial)) return true;
  if (!encoding) return true;
  if (skuError(values.sku, { method: encoding.method, companyPrefix: encoding.metadata.companyPrefix })) return true;
  return skuHasLetters(values.sku) && encoding.method !== 'LOOKUP';
}

/** Whether the form differs from where it started (attribute inputs left empty count as unchanged). */
export function formChanged(values: ProductFormValues, initial: ProductFormValues): boolean {
  const normal = (v: ProductFormValues) =>
    JSON.stringify({
      ...v,
      attributes: Object.fromEntries(
        Object.entries(v.attributes)
          .filter(([, value]) => value !== '')
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    });
  return normal(values) !== normal(initial);
}

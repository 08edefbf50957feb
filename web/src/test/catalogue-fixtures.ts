import type { Category, CategoryField, Encoding } from '@tagtrack/contract';

/**
 * A category field for tests: an optional Text field, not fixed, product-level, not in the table,
 * without default or list values, unless `overrides` say otherwise.
 */
export function categoryField(overrides: Partial<CategoryField> & Pick<CategoryField, 'id' | 'name'>): CategoryField {
  const { id, name, ...rest } = overrides;
  return {
    id,
    name,
    type: 'Text',
    required: false,
    default_value: null,
    fixed_data: false,
    fixed_value: null,
    asset_data: false,
    show_in_table: false,
    options: [],
    ...rest,
  };
}

/** A top-level category for tests: no description, encoding, fields, products or subcategories. */
export function category(overrides: Partial<Category> & Pick<Category, 'id' | 'name'>): Category {
  const { id, name, ...rest } = overrides;
  return {
    id,
    name,
    description: '',
    parent: null,
    encoding: null,
    product_count: 0,
    fields: [],
    subcategories: [],
    ...rest,
  };
}

/** An encoding for tests: enabled, not the default, without metadata, unless `overrides` say otherwise. */
export function encoding(id: number, method: Encoding['method'], overrides: Partial<Encoding> = {}): Encoding {
  return { id, method, disabled: false, default: false, metadata: {}, ...overrides };
}

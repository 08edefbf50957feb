import type { Category, CategoryField, Encoding, Product } from '@tagtrack/contract';
import { category, categoryField, encoding } from '../../../../test/catalogue-fixtures';

/** Test data of the product screens' tests. */
export const field = categoryField;

export const testEncodings: Encoding[] = [
  encoding(1, 'NID32'),
  encoding(2, 'NID64', { default: true }),
  encoding(3, 'SGTIN96', { metadata: { companyPrefix: '0614141' } }),
  encoding(4, 'LOOKUP'),
];

export const toolFields: CategoryField[] = [
  field({ id: 101, name: 'Colour', type: 'DropdownList', options: ['Red', 'Blue'], required: true }),
  field({ id: 102, name: 'Weight', type: 'Number' }),
  field({ id: 103, name: 'Inspected', type: 'DateTime' }),
  field({ id: 104, name: 'Owner', type: 'Text', fixed_data: true, fixed_value: 'Facilities' }),
  field({ id: 105, name: 'Serial note', type: 'Text', asset_data: true }),
];

export const testTree: Category[] = [
  category({
    id: 10,
    name: 'Tools',
    encoding: 3,
    fields: toolFields,
    product_count: 1,
    subcategories: [
      { id: 11, name: 'Drills', description: '', parent: 10, encoding: null, fields: [] },
      { id: 12, name: 'Tags', description: '', parent: 10, encoding: 4, fields: [] },
    ],
  }),
  category({ id: 20, name: 'Plain' }),
];

export function testProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    sku: '42',
    name: 'Cordless drill',
    product_code: 'CD-42',
    category: 10,
    category__name: 'Tools',
    category__parent: null,
    encoding: null,
    metadata: { description: 'A drill.', sensor_product: 'false' },
    attributes: [
      { datafield: 101, name: 'Colour', value: 'Blue' },
      { datafield: 102, name: 'Weight', value: '0.0000000001' },
      { datafield: 103, name: 'Inspected', value: '2026-03-14T09:30:00' },
      { datafield: 104, name: 'Owner', value: 'Facilities' },
    ],
    category_fields: toolFields,
    item_count: 3,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export const unassignedProduct = (): Product =>
  testProduct({
    id: 2,
    sku: 'Unassigned',
    name: 'Unassigned',
    product_code: 'Unassigned',
    category: null,
    category__name: null,
    attributes: [],
    category_fields: [],
  });

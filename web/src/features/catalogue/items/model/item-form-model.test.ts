import { describe, expect, it } from 'vitest';
import { UNASSIGNED_SKU, type CategoryField, type Encoding } from '@tagtrack/contract';
import { categoryField, encoding } from '../../../../test/catalogue-fixtures';
import {
  bySku,
  effectiveEncoding,
  indexCategories,
  inputValue,
  itemFormIssues,
  productAttributeText,
  productLabel,
  storedValue,
} from './item-form-model';

const encodings: Encoding[] = [encoding(1, 'NID32'), encoding(2, 'NID64', { default: true }), encoding(4, 'LOOKUP')];

const field = (type: CategoryField['type'], overrides: Partial<CategoryField> = {}): CategoryField =>
  categoryField({ id: 1, name: 'A', type, ...overrides });

describe('item form model', () => {
  it('resolves a product’s encoding: its own, its category’s, the parent’s, then the default', () => {
    const categories = indexCategories([
      {
        id: 10,
        name: 'Parent',
        description: '',
        parent: null,
        encoding: 4,
        fields: [],
        product_count: 0,
        subcategories: [{ id: 11, name: 'Child', description: '', parent: 10, encoding: null, fields: [] }],
      },
    ]);
    expect(effectiveEncoding({ encoding: 1, category: 11 }, categories, encodings)?.method).toBe('NID32');
    expect(effectiveEncoding({ encoding: null, category: 11 }, categories, encodings)?.method).toBe('LOOKUP');
    expect(effectiveEncoding({ encoding: null, category: 10 }, categories, encodings)?.method).toBe('LOOKUP');
    expect(effectiveEncoding({ encoding: null, category: null }, categories, encodings)?.method).toBe('NID64');
  });

  it('shows placeholders as empty inputs and stores date-times with seconds', () => {
    expect(inputValue(field('DateTime'), '1970-01-01T00:00:00')).toBe('');
    expect(inputValue(field('DateTime'), '2026-03-04T05:06:07')).toBe('2026-03-04T05:06');
    expect(inputValue(field('Number'), '0.0000000001')).toBe('');
    expect(inputValue(field('Number'), '12.5')).toBe('12.5');
    expect(storedValue(field('DateTime'), '2026-03-04T05:06')).toBe('2026-03-04T05:06:00');
    expect(storedValue(field('Text'), ' x ')).toBe('x');
  });

  it('shows product attributes as the product details do (01 §2.8)', () => {
    expect(productAttributeText(field('Text', { fixed_data: true, fixed_value: 'F' }), 'v')).toBe('F');
    expect(productAttributeText(field('Text'), 'v')).toBe('v');
    expect(productAttributeText(field('Number'), '0.0000000001')).toBe('');
    expect(productAttributeText(field('DateTime'), '1970-01-01T00:00:00')).toBe('');
    expect(productAttributeText(field('DateTime'), '2026-03-04T05:06:07')).toBe('04/03/2026');
    expect(productAttributeText(field('DropdownList'), 'red')).toBe('red');
  });

  it('labels products and sorts them by SKU without regard to case', () => {
    expect(productLabel({ name: 'Drill', sku: '7', product_code: null })).toBe('Drill (7)');
    expect(productLabel({ name: '', sku: '7', product_code: 'D-7' })).toBe('D-7 (7)');
    expect(productLabel({ name: '', sku: '7', product_code: null })).toBe('7');
    expect(
      ['b', 'A', 'c']
        .map((sku) => ({ sku }))
        .sort(bySku)
        .map((p) => p.sku),
    ).toEqual(['A', 'b', 'c']);
  });

  it('refuses on submit a bad EPC when adding, a half-made choice and a long name', () => {
    const values = { category: '', product: '', name: '', epc: '', location: '' };
    const fields = (issues: { field: string }[]) => issues.map((issue) => issue.field);
    expect(fields(itemFormIssues(values, { editing: null, choosable: false }))).toEqual(['epc']);
    expect(fields(itemFormIssues(values, { editing: { product__sku: UNASSIGNED_SKU }, choosable: true }))).toEqual([]);
    expect(
      fields(itemFormIssues({ ...values, category: '3' }, { editing: { product__sku: 'X' }, choosable: true })),
    ).toEqual(['product']);
    expect(fields(itemFormIssues(values, { editing: { product__sku: 'X' }, choosable: true }))).toEqual([
      'category',
      'product',
    ]);
    expect(
      fields(
        itemFormIssues({ ...values, name: 'n'.repeat(1000) }, { editing: { product__sku: 'X' }, choosable: false }),
      ),
    ).toEqual(['name']);
  });
});

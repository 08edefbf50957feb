import { describe, expect, it } from 'vitest';
import { field, testEncodings, testTree } from '../test/product-fixtures';
import {
  attributeDisplayValue,
  attributeInputValue,
  attributeStoredValue,
  categoryEncoding,
  encodingLabel,
  formatAttributeDate,
  indexCategories,
  isUnassignedProduct,
  productAttributeRows,
  productEncoding,
  truncateDescription,
} from './product-model';

const encodings = testEncodings;
const tree = testTree;

describe('attribute display rules (01 §2.8)', () => {
  it('text shows the fixed value when set, otherwise the value', () => {
    const text = field({ id: 1, name: 'Owner', type: 'Text' });
    expect(attributeDisplayValue(text, 'Anna')).toBe('Anna');
    expect(attributeDisplayValue({ ...text, fixed_data: true, fixed_value: 'Facilities' }, 'Anna')).toBe('Facilities');
    expect(attributeDisplayValue({ ...text, fixed_data: true, fixed_value: '' }, 'Anna')).toBe('Anna');
  });

  it('a list shows its value', () => {
    expect(attributeDisplayValue(field({ id: 1, name: 'C', type: 'DropdownList', options: ['Red'] }), 'Red')).toBe(
      'Red',
    );
  });

  it('a number hides the 1e-10 placeholder in any spelling', () => {
    const number = field({ id: 1, name: 'Weight', type: 'Number' });
    expect(attributeDisplayValue(number, '0.0000000001')).toBe('');
    expect(attributeDisplayValue(number, '1e-10')).toBe('');
    expect(attributeDisplayValue(number, '2.5')).toBe('2.5');
    expect(attributeDisplayValue(number, '0')).toBe('0');
  });

  it('a date reads day/month/year and hides 1970', () => {
    const date = field({ id: 1, name: 'Inspected', type: 'DateTime' });
    expect(attributeDisplayValue(date, '2026-03-14T09:30:00')).toBe('14/03/2026');
    expect(attributeDisplayValue(date, '1970-01-01T00:00:00')).toBe('');
    expect(attributeDisplayValue(date, '1970-06-30T10:00:00')).toBe('');
    expect(formatAttributeDate('not a date')).toBe('');
  });

  it('lists only the product-level attributes, in the category order', () => {
    const rows = productAttributeRows({
      category_fields: [
        field({ id: 1, name: 'Colour', type: 'Text' }),
        field({ id: 2, name: 'Serial note', type: 'Text', asset_data: true }),
        field({ id: 3, name: 'Weight', type: 'Number' }),
      ],
      attributes: [
        { datafield: 3, name: 'Weight', value: '0.0000000001' },
        { datafield: 1, name: 'Colour', value: 'Blue' },
      ],
    });
    expect(rows).toEqual([
      { id: 1, name: 'Colour', value: 'Blue' },
      { id: 3, name: 'Weight', value: '' },
    ]);
  });
});

describe('description', () => {
  it('is cut at 300 characters with an ellipsis', () => {
    expect(truncateDescription('a'.repeat(300))).toBe('a'.repeat(300));
    expect(truncateDescription('a'.repeat(301))).toBe(`${'a'.repeat(300)}…`);
  });
});

describe('encodings', () => {
  const index = indexCategories(tree);

  it('shows SGTIN-96 with its company prefix', () => {
    expect(encodingLabel(encodings[2]!)).toBe('SGTIN96 (0614141)');
    expect(encodingLabel(encodings[0]!)).toBe('NID32');
  });

  it("a category gives its own, its parent's or the default encoding", () => {
    expect(categoryEncoding(10, index, encodings)?.id).toBe(3);
    expect(categoryEncoding(11, index, encodings)?.id).toBe(3);
    expect(categoryEncoding(12, index, encodings)?.id).toBe(4);
    expect(categoryEncoding(20, index, encodings)?.id).toBe(2);
    expect(categoryEncoding(null, index, encodings)?.id).toBe(2);
  });

  it("a product without an encoding uses its category's, else the default", () => {
    expect(productEncoding({ encoding: 1, category: 12 }, index, encodings)?.id).toBe(1);
    expect(productEncoding({ encoding: null, category: 12 }, index, encodings)?.id).toBe(4);
    expect(productEncoding({ encoding: null, category: null }, index, encodings)?.id).toBe(2);
  });
});

describe('form values of attributes', () => {
  it('placeholders become empty inputs; dates become datetime-local values and back', () => {
    expect(attributeInputValue('DateTime', '1970-01-01T00:00:00')).toBe('');
    expect(attributeInputValue('DateTime', '2026-03-14T09:30:00')).toBe('2026-03-14T09:30');
    expect(attributeInputValue('DateTime', '2026-03-14')).toBe('2026-03-14T00:00');
    expect(attributeInputValue('Number', '0.0000000001')).toBe('');
    expect(attributeStoredValue('DateTime', '2026-03-14T09:30')).toBe('2026-03-14T09:30:00');
    expect(attributeStoredValue('Number', ' 4 ')).toBe('4');
  });
});

describe('the Unassigned product', () => {
  it('is recognised by its SKU or product code', () => {
    expect(isUnassignedProduct({ sku: 'Unassigned', product_code: 'Unassigned' })).toBe(true);
    expect(isUnassignedProduct({ sku: '12', product_code: null })).toBe(false);
  });
});

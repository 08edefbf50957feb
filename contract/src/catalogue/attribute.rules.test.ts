import { describe, expect, it } from 'vitest';
import {
  attributeValueError,
  completeAttributes,
  hasRealValue,
  isAttributeDate,
  isAttributeNumber,
  itemAttributeIssues,
  normaliseAttributeDate,
  productAttributeIssues,
} from './attribute.rules.js';
import { AttributeValueInputSchema } from './product.schemas.js';
import type { CategoryField } from './category.schemas.js';
import { UNSET_DATETIME, UNSET_NUMBER } from './catalogue.limits.js';

function field(id: number, overrides: Partial<CategoryField> = {}): CategoryField {
  return {
    id,
    name: `Field ${id}`,
    type: 'Text',
    required: false,
    default_value: null,
    fixed_data: false,
    fixed_value: null,
    asset_data: false,
    show_in_table: false,
    options: [],
    ...overrides,
  };
}

const v = (datafield: number, value: string | null) => ({ datafield, name: '', value });

describe('isAttributeNumber', () => {
  it.each([
    ['0', true],
    ['-12.5', true],
    ['1e-10', true],
    ['.5', true],
    ['0.0000000001', true],
    ['abc', false],
    ['1,5', false],
    ['', false],
    ['Infinity', false],
    ['1e999', false],
  ])('%s → %s', (text, expected) => expect(isAttributeNumber(text)).toBe(expected));
});

describe('isAttributeDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-01-31T23:59:59', true],
    ['2024-01-31T24:00:00', false],
    ['2024-01-31 10:00', true],
    ['2024-01-31T10:00:00.123Z', true],
    ['2024-01-31T10:00:00+02:00', true],
    ['31/01/2024', false],
    ['yesterday', false],
    // Within what the database stores: years 1 to 9999, offsets within ±15:59.
    ['0000-01-01', false],
    ['0000-06-01T10:00:00', false],
    ['0001-01-01T00:00:00', true],
    ['0004-02-29', true],
    ['0100-02-29', false],
    ['9999-12-31T23:59:59', true],
    ['2024-01-31T10:00:00+15:59', true],
    ['2024-01-31T10:00:00+16:00', false],
    ['2024-01-31T10:00:00-2359', false],
    ['2024-01-31T10:00:00+25:00', false],
    ['0001-01-01T00:30:00+01:00', false],
    ['9999-12-31T23:30:00-01:00', false],
  ])('%s → %s', (text, expected) => expect(isAttributeDate(text)).toBe(expected));
});

describe('hasRealValue', () => {
  it.each([
    ['Text', '', false],
    ['Text', '  ', false],
    ['Text', 'x', true],
    ['DateTime', UNSET_DATETIME, false],
    ['DateTime', '1970-01-01T00:00:00Z', false],
    ['DateTime', '2024-01-01T00:00:00', true],
    ['Number', UNSET_NUMBER, false],
    ['Number', '1e-10', false],
    ['Number', '0', true],
    ['DropdownList', null, false],
  ] as const)('%s %j → %s', (type, value, expected) => expect(hasRealValue(type, value)).toBe(expected));
});

describe('attributeValueError', () => {
  it.each([
    [{ type: 'DropdownList', options: ['a', 'b'] }, 'a', null],
    [{ type: 'DropdownList', options: ['a', 'b'] }, 'c', 'attributeValueNotOption'],
    [{ type: 'DropdownList', options: ['a', 'b'] }, '', null],
    [{ type: 'Number', options: [] }, '12', null],
    [{ type: 'Number', options: [] }, 'twelve', 'attributeValueNotNumber'],
    [{ type: 'DateTime', options: [] }, '2024-05-01T10:00:00', null],
    [{ type: 'DateTime', options: [] }, '2024-05-41', 'attributeValueNotDate'],
    [{ type: 'DateTime', options: [] }, UNSET_DATETIME, null],
    [{ type: 'Text', options: [] }, 'anything', null],
  ] as const)('%j %s → %s', (f, value, expected) =>
    expect(attributeValueError({ type: f.type, options: [...f.options] }, value)).toBe(expected),
  );
});

describe('productAttributeIssues', () => {
  const fields = [
    field(1, { required: true }),
    field(2, { type: 'Number', required: true }),
    field(3, { type: 'DateTime', required: true }),
    field(4, { type: 'DropdownList', options: ['red', 'blue'] }),
    field(5, { asset_data: true, required: true }),
    field(6, { fixed_data: true, fixed_value: 'Fixed', required: true }),
  ];

  it('accepts real values and ignores item-level and fixed fields', () => {
    expect(
      productAttributeIssues(fields, [v(1, 'x'), v(2, '3'), v(3, '2024-01-01T00:00:00'), v(4, 'red'), v(5, '')]),
    ).toEqual([]);
  });

  it.each([
    ['empty text', [v(1, ''), v(2, '3'), v(3, '2024-01-01')], 0, 'requiredProductField'],
    ['null text', [v(1, null), v(2, '3'), v(3, '2024-01-01')], 0, 'requiredProductField'],
    ['number placeholder', [v(1, 'x'), v(2, UNSET_NUMBER), v(3, '2024-01-01')], 1, 'requiredProductField'],
    ['date placeholder', [v(1, 'x'), v(2, '3'), v(3, UNSET_DATETIME)], 2, 'requiredProductField'],
    ['not a number', [v(1, 'x'), v(2, 'three'), v(3, '2024-01-01')], 1, 'attributeValueNotNumber'],
    ['not a date', [v(1, 'x'), v(2, '3'), v(3, 'soon')], 2, 'attributeValueNotDate'],
    ['not an option', [v(1, 'x'), v(2, '3'), v(3, '2024-01-01'), v(4, 'green')], 3, 'attributeValueNotOption'],
    ['unknown field', [v(1, 'x'), v(2, '3'), v(3, '2024-01-01'), v(99, 'y')], 3, 'unknownAttribute'],
  ])('%s', (_, values, index, message) => {
    expect(productAttributeIssues(fields, values)).toEqual([
      expect.objectContaining({ index, path: `attributes.${index}.value`, message }),
    ]);
  });

  it('reports a required field without an entry under attributes', () => {
    expect(productAttributeIssues([field(1, { required: true })], [])).toEqual([
      { index: null, datafield: 1, path: 'attributes', message: 'requiredProductField' },
    ]);
  });

  it('takes the default value of a field without an entry', () => {
    expect(productAttributeIssues([field(1, { required: true, default_value: 'd' })], [])).toEqual([]);
    expect(
      productAttributeIssues([field(1, { type: 'DropdownList', options: ['a'], default_value: 'zz' })], []),
    ).toEqual([{ index: null, datafield: 1, path: 'attributes', message: 'attributeValueNotOption' }]);
  });
});

describe('itemAttributeIssues', () => {
  const fields = [
    field(1, { required: true }),
    field(2, { asset_data: true, required: true, name: 'Serial' }),
    field(3, { asset_data: true, type: 'Number' }),
  ];

  it('checks only item-level fields and names the required one', () => {
    expect(itemAttributeIssues(fields, [v(2, ''), v(3, 'x')])).toEqual([
      { index: 0, datafield: 2, path: 'attributes.0.value', message: 'attributeRequired|name=Serial' },
      { index: 1, datafield: 3, path: 'attributes.1.value', message: 'attributeValueNotNumber' },
    ]);
    expect(itemAttributeIssues(fields, [v(1, ''), v(2, 's-1')])).toEqual([]);
  });
});

describe('completeAttributes', () => {
  const fields = [
    field(1, { name: 'Colour', type: 'DropdownList', options: ['red'] }),
    field(2, { name: 'Weight', type: 'Number' }),
    field(3, { name: 'Made', type: 'DateTime' }),
    field(4, { name: 'Brand', fixed_data: true, fixed_value: 'ACME' }),
    field(5, { name: 'Serial', asset_data: true }),
    field(6, { name: 'Note', default_value: 'n/a' }),
  ];

  it('fills placeholders, forces fixed values, takes defaults and drops foreign values', () => {
    expect(completeAttributes(fields, [v(1, 'red'), v(4, 'other'), v(5, 's'), v(99, 'x')], 'product')).toEqual([
      { datafield: 1, name: 'Colour', value: 'red' },
      { datafield: 2, name: 'Weight', value: UNSET_NUMBER },
      { datafield: 3, name: 'Made', value: UNSET_DATETIME },
      { datafield: 4, name: 'Brand', value: 'ACME' },
      { datafield: 6, name: 'Note', value: 'n/a' },
    ]);
  });

  it('keeps an explicitly emptied value empty and trims values', () => {
    expect(completeAttributes(fields, [v(6, ''), v(2, ' 4.5 ')], 'product')).toEqual(
      expect.arrayContaining([
        { datafield: 6, name: 'Note', value: '' },
        { datafield: 2, name: 'Weight', value: '4.5' },
      ]),
    );
  });

  it('keeps only item-level fields for items', () => {
    expect(completeAttributes(fields, [v(5, 'S-1'), v(1, 'red')], 'item')).toEqual([
      { datafield: 5, name: 'Serial', value: 'S-1' },
    ]);
  });
});

describe('normaliseAttributeDate', () => {
  it('stores dates as the forms do: YYYY-MM-DDTHH:mm:ss, zoned values as their UTC time', () => {
    expect(normaliseAttributeDate('2026-11-25')).toBe('2026-11-25T00:00:00');
    expect(normaliseAttributeDate('2026-11-25 08:30')).toBe('2026-11-25T08:30:00');
    expect(normaliseAttributeDate('2026-11-25T08:30:15.123')).toBe('2026-11-25T08:30:15');
    expect(normaliseAttributeDate('2026-11-25T08:30:15.123Z')).toBe('2026-11-25T08:30:15');
    expect(normaliseAttributeDate('2026-11-25T01:30:00+02:00')).toBe('2026-11-24T23:30:00');
    expect(normaliseAttributeDate('2026-11-25T01:30:00-0130')).toBe('2026-11-25T03:00:00');
    expect(normaliseAttributeDate(' 2026-11-25T08:30:00 ')).toBe('2026-11-25T08:30:00');
  });

  it('answers text that is not a date as it is, for the check to refuse', () => {
    expect(normaliseAttributeDate('2026-02-30')).toBe('2026-02-30');
    expect(normaliseAttributeDate('tomorrow')).toBe('tomorrow');
  });

  it('answers a date the database cannot store as it is, for the check to refuse (it used to throw)', () => {
    expect(normaliseAttributeDate('0001-01-01T10:00:00Z')).toBe('0001-01-01T10:00:00');
    expect(normaliseAttributeDate('2024-01-31T10:00:00+25:00')).toBe('2024-01-31T10:00:00+25:00');
    expect(normaliseAttributeDate('0001-01-01T00:30:00+01:00')).toBe('0001-01-01T00:30:00+01:00');
  });
});

describe('AttributeValueInputSchema', () => {
  it('takes text, numbers and booleans as the text a form sends', () => {
    const parse = (value: unknown) => AttributeValueInputSchema.parse({ datafield: 1, value }).value;
    expect(parse('12.5')).toBe('12.5');
    expect(parse(12.5)).toBe('12.5');
    expect(parse(-3)).toBe('-3');
    expect(parse(true)).toBe('true');
    expect(parse(null)).toBeNull();
    expect(AttributeValueInputSchema.safeParse({ datafield: 1, value: { a: 1 } }).success).toBe(false);
    expect(AttributeValueInputSchema.safeParse({ datafield: 1, value: [1] }).success).toBe(false);
  });
});

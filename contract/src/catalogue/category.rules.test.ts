import { describe, expect, it } from 'vitest';
import {
  categoryFieldIssues,
  categoryIssues,
  categorySchemaWithRules,
  normalizeCategoryField,
  type CategoryFieldLike,
} from './category.rules.js';

const text = (over: Partial<CategoryFieldLike> = {}): CategoryFieldLike => ({ name: 'Colour', type: 'Text', ...over });

describe('categoryFieldIssues (01 §4–5)', () => {
  it.each<[string, CategoryFieldLike, { path: string; message: string }[]]>([
    ['a plain text card', text(), []],
    ['a missing name', text({ name: '   ' }), [{ path: 'name', message: 'requiredAttributeName' }]],
    ['fixed without a value', text({ fixed_data: true }), [{ path: 'fixed_value', message: 'requiredFixedValue' }]],
    [
      'fixed with a blank value',
      text({ fixed_data: true, fixed_value: ' ' }),
      [{ path: 'fixed_value', message: 'requiredFixedValue' }],
    ],
    ['fixed with a value', text({ fixed_data: true, fixed_value: 'Red' }), []],
    [
      'a list without options',
      text({ type: 'DropdownList' }),
      [{ path: 'options', message: 'attributeOptionsRequired' }],
    ],
    [
      'a list with only blank options',
      text({ type: 'DropdownList', options: [' '] }),
      [{ path: 'options', message: 'attributeOptionsRequired' }],
    ],
    ['a list default among the options', text({ type: 'DropdownList', options: ['S', 'M'], default_value: 'M' }), []],
    [
      'a list default not among the options',
      text({ type: 'DropdownList', options: ['S', 'M'], default_value: 'XL' }),
      [{ path: 'default_value', message: 'attributeValueNotOption' }],
    ],
    [
      'a list fixed value not among the options',
      text({ type: 'DropdownList', options: ['S'], fixed_data: true, fixed_value: 'L' }),
      [{ path: 'fixed_value', message: 'attributeValueNotOption' }],
    ],
    ['a number default', text({ type: 'Number', default_value: '-1.5e3' }), []],
    [
      'a number default that is text',
      text({ type: 'Number', default_value: 'ten' }),
      [{ path: 'default_value', message: 'attributeValueNotNumber' }],
    ],
    [
      'a number fixed value that is text',
      text({ type: 'Number', fixed_data: true, fixed_value: '1,5' }),
      [{ path: 'fixed_value', message: 'attributeValueNotNumber' }],
    ],
    ['a date default', text({ type: 'DateTime', default_value: '2026-02-28T10:00:00' }), []],
    [
      'an impossible date',
      text({ type: 'DateTime', default_value: '2026-02-30' }),
      [{ path: 'default_value', message: 'attributeValueNotDate' }],
    ],
    [
      'a date fixed value that is text',
      text({ type: 'DateTime', fixed_data: true, fixed_value: 'soon' }),
      [{ path: 'fixed_value', message: 'attributeValueNotDate' }],
    ],
    [
      'a default ignored once fixed',
      text({ type: 'Number', default_value: 'x', fixed_data: true, fixed_value: '3' }),
      [],
    ],
    ['a fixed value ignored when not fixed', text({ type: 'Number', fixed_value: 'x' }), []],
  ])('%s', (_, field, expected) => {
    expect(categoryFieldIssues(field)).toEqual(expected);
  });
});

describe('normalizeCategoryField', () => {
  it('clears item-only, required and default when fixed is on', () => {
    expect(
      normalizeCategoryField(
        text({ fixed_data: true, fixed_value: ' Red ', required: true, asset_data: true, default_value: 'Blue' }),
      ),
    ).toMatchObject({ fixed_data: true, fixed_value: 'Red', required: false, asset_data: false, default_value: null });
  });
  it('drops the fixed value when fixed is off, options of non-lists and blank texts', () => {
    expect(
      normalizeCategoryField(
        text({ name: ' Size ', fixed_value: 'x', options: ['a'], default_value: '  ', required: true }),
      ),
    ).toEqual({
      name: 'Size',
      type: 'Text',
      required: true,
      default_value: null,
      fixed_data: false,
      fixed_value: null,
      asset_data: false,
      show_in_table: false,
      options: [],
    });
  });
  it('keeps trimmed, non-empty options of a list', () => {
    expect(normalizeCategoryField(text({ type: 'DropdownList', options: [' S ', '', 'M'] })).options).toEqual([
      'S',
      'M',
    ]);
  });
});

describe('categoryIssues', () => {
  it('prefixes card issues with fields.<i> and refuses a name used twice, whatever its case', () => {
    expect(
      categoryIssues({
        fields: [text(), text({ name: 'Size', fixed_data: true }), text({ name: ' colour ' }), text({ name: '' })],
      }),
    ).toEqual([
      { path: 'fields.1.fixed_value', message: 'requiredFixedValue' },
      { path: 'fields.2.name', message: 'attributeNameTaken' },
      { path: 'fields.3.name', message: 'requiredAttributeName' },
    ]);
  });
  it('accepts a category without fields', () => {
    expect(categoryIssues({})).toEqual([]);
  });
});

describe('categorySchemaWithRules', () => {
  it('reports the rules as zod issues with numeric paths', () => {
    const result = categorySchemaWithRules.safeParse({
      name: 'Tools',
      fields: [{ name: 'Weight', type: 'Number', default_value: 'heavy' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['fields', 0, 'default_value'], 'attributeValueNotNumber'],
    ]);
  });
  it('passes a valid category and reports a missing name once', () => {
    expect(categorySchemaWithRules.safeParse({ name: 'Tools', fields: [text()] }).success).toBe(true);
    const blankName = categorySchemaWithRules.safeParse({ name: 'Tools', fields: [{ name: '', type: 'Text' }] });
    expect(blankName.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fields.0.name', 'requiredAttributeName'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Category } from '@tagtrack/contract';
import { categoryField, category as fixtureCategory } from '../../../../test/catalogue-fixtures';
import {
  categoryChanges,
  emptyAttribute,
  normalizeCategoryInput,
  toCategoryForm,
  toCategoryInput,
  toCategoryUpdate,
  toFieldInput,
} from './category-form-model';

const category: Category = fixtureCategory({
  id: 7,
  name: 'Furniture',
  description: 'Desks',
  encoding: 2,
  fields: [
    categoryField({
      id: 11,
      name: 'Colour',
      type: 'DropdownList',
      default_value: 'Oak',
      show_in_table: true,
      options: ['Oak', 'Walnut'],
    }),
    categoryField({ id: 12, name: 'Owner', fixed_data: true, fixed_value: 'Facilities' }),
  ],
});

describe('category form model', () => {
  it('sends a default value only while its toggle is on', () => {
    const card = { ...emptyAttribute(), name: 'Brand', default_value: 'Acme' };
    expect(toFieldInput(card).default_value).toBeNull();
    expect(toFieldInput({ ...card, has_default: true }).default_value).toBe('Acme');
  });

  it('stores date-times with seconds (the browser input leaves out zero seconds)', () => {
    const card = { ...emptyAttribute(), name: 'Inspected', type: 'DateTime' as const, has_default: true };
    expect(toFieldInput({ ...card, default_value: '2026-03-01T09:30' }).default_value).toBe('2026-03-01T09:30:00');
    expect(toFieldInput({ ...card, default_value: '2026-03-01T09:30:15' }).default_value).toBe('2026-03-01T09:30:15');
  });

  it('turns a stored category into cards and back without a change', () => {
    const form = toCategoryForm(category);
    expect(form.fields.map((f) => [f.fieldId, f.has_default])).toEqual([
      [11, true],
      [12, false],
    ]);
    expect(toCategoryUpdate(toCategoryInput(form))).toEqual({
      name: 'Furniture',
      description: 'Desks',
      encoding: 2,
      fields: category.fields,
    });
    expect(categoryChanges(form, toCategoryForm(category))).toEqual({ details: false, encoding: false });
  });

  it('tells a change of details from a change of encoding', () => {
    const form = toCategoryForm(category);
    expect(categoryChanges(form, { ...form, encoding: null })).toEqual({ details: false, encoding: true });
    expect(categoryChanges(form, { ...form, description: 'Desks and chairs' })).toEqual({
      details: true,
      encoding: false,
    });
    const renamed = { ...form, fields: form.fields.map((f, i) => (i === 0 ? { ...f, name: 'Color' } : f)) };
    expect(categoryChanges(form, renamed).details).toBe(true);
    // Whitespace the server trims away is no change.
    expect(categoryChanges(form, { ...form, name: ' Furniture ' }).details).toBe(false);
  });

  it('normalizes a fixed card: not item-only, not required, no default', () => {
    const input = toCategoryInput({
      name: ' Tools ',
      description: '',
      parent: null,
      encoding: null,
      fields: [
        {
          ...emptyAttribute(),
          name: 'Owner',
          fixed_data: true,
          fixed_value: 'Facilities',
          asset_data: true,
          required: true,
          has_default: true,
          default_value: 'x',
        },
      ],
    });
    expect(normalizeCategoryInput(input)).toMatchObject({
      name: 'Tools',
      fields: [
        { fixed_data: true, fixed_value: 'Facilities', asset_data: false, required: false, default_value: null },
      ],
    });
  });
});

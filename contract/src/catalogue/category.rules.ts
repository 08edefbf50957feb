import type { AttributeType } from './catalogue.limits.js';
import { attributeValueError } from './attribute.rules.js';
import { CategoryCreateSchema, CategoryUpdateSchema, type CategoryFieldInput } from './category.schemas.js';
import type { z } from 'zod';

/**
 * Rules of a category and its attribute cards (01 §4–5), one implementation for the server and
 * the console form. Messages are keys of VALIDATION_MESSAGES; paths are error detail paths.
 */
export interface CategoryIssue {
  /** `name`, `fixed_value`, … for a card; `fields.<i>.<key>` for a category. */
  path: string;
  message: string;
}

/** An attribute card as a form or the API holds it (toggles may be missing before defaults apply). */
export type CategoryFieldLike = Pick<CategoryFieldInput, 'name' | 'type'> &
  Partial<Omit<CategoryFieldInput, 'name' | 'type'>>;

const blank = (text: string | null | undefined) => (text ?? '').trim() === '';

/**
 * The card as it is stored: a fixed attribute is neither item-only nor required and has no
 * default (01 §4); a fixed value only exists when fixed; only a list has options; empty texts
 * become null.
 */
export function normalizeCategoryField<F extends CategoryFieldLike>(field: F): F & CategoryFieldInput {
  const fixed = field.fixed_data ?? false;
  const text = (value: string | null | undefined) => (blank(value) ? null : value!.trim());
  return {
    ...field,
    name: field.name.trim(),
    required: fixed ? false : (field.required ?? false),
    default_value: fixed ? null : text(field.default_value),
    fixed_data: fixed,
    fixed_value: fixed ? text(field.fixed_value) : null,
    asset_data: fixed ? false : (field.asset_data ?? false),
    show_in_table: field.show_in_table ?? false,
    options: field.type === 'DropdownList' ? (field.options ?? []).map((o) => o.trim()).filter(Boolean) : [],
  };
}

function valueIssue(type: AttributeType, options: string[], value: string | null | undefined): string | null {
  if (blank(value)) return null;
  return attributeValueError({ type, options }, value);
}

/** The problems of one attribute card (after normalizeCategoryField's view of it). */
export function categoryFieldIssues(input: CategoryFieldLike): CategoryIssue[] {
  const field = normalizeCategoryField(input);
  const issues: CategoryIssue[] = [];
  if (field.name === '') issues.push({ path: 'name', message: 'requiredAttributeName' });
  if (field.type === 'DropdownList' && field.options.length === 0) {
    issues.push({ path: 'options', message: 'attributeOptionsRequired' });
  }
  if (field.fixed_data) {
    if (field.fixed_value === null) issues.push({ path: 'fixed_value', message: 'requiredFixedValue' });
    else if (field.type !== 'DropdownList' || field.options.length > 0) {
      const error = valueIssue(field.type, field.options, field.fixed_value);
      if (error) issues.push({ path: 'fixed_value', message: error });
    }
  } else if (field.type !== 'DropdownList' || field.options.length > 0) {
    const error = valueIssue(field.type, field.options, field.default_value);
    if (error) issues.push({ path: 'default_value', message: error });
  }
  return issues;
}

/** The problems of a category's attributes: each card's, and a name used twice (case-insensitive). */
export function categoryIssues(input: { fields?: readonly CategoryFieldLike[] }): CategoryIssue[] {
  const issues: CategoryIssue[] = [];
  const seen = new Set<string>();
  (input.fields ?? []).forEach((field, i) => {
    for (const issue of categoryFieldIssues(field))
      issues.push({ path: `fields.${i}.${issue.path}`, message: issue.message });
    const key = field.name.trim().toLowerCase();
    if (key === '') return;
    if (seen.has(key)) issues.push({ path: `fields.${i}.name`, message: 'attributeNameTaken' });
    seen.add(key);
  });
  return issues;
}

function withRules<S extends z.ZodType<{ fields?: CategoryFieldLike[] }>>(schema: S) {
  return schema.superRefine((value, ctx) => {
    for (const issue of categoryIssues(value)) {
      // The shape already refuses a blank attribute name.
      if (issue.message === 'requiredAttributeName') continue;
      ctx.addIssue({
        code: 'custom',
        path: issue.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        message: issue.message,
      });
    }
  });
}

/** The category create schema with the rules of categoryIssues (for forms). */
export const categorySchemaWithRules = withRules(CategoryCreateSchema);
/** The category update schema with the rules of categoryIssues. */
export const categoryUpdateSchemaWithRules = withRules(CategoryUpdateSchema);

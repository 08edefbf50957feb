import { messageWithParams } from '../common/messages.js';
import { isStorableInstant, isStorableOffset } from '../common/dates.js';
import { UNSET_DATETIME, UNSET_NUMBER, UNSET_NUMBER_VALUE } from './catalogue.limits.js';
import type { CategoryField } from './category.schemas.js';
import type { AttributeValue } from './product.schemas.js';

/**
 * Rules for attribute values of products and items (01 §3, §5), one implementation for the
 * server, the console forms and the CSV imports.
 *
 * - Product level: the category's fields with asset_data false; item level: asset_data true.
 * - A fixed field always holds its fixed_value, whatever was sent.
 * - A field without a value entry takes its default_value.
 * - Unset DateTime is stored as 1970-01-01T00:00:00, unset Number as 0.0000000001; these
 *   placeholders do not count as a value for a required field.
 * - Values of fields that are not in the category are refused ('unknownAttribute'); values of the
 *   other level's fields are dropped silently (forms may send the whole list).
 */
export type AttributeLevel = 'product' | 'item';

export interface AttributeIssue {
  /** Index in the values as sent, or null when the field had no entry. */
  index: number | null;
  /** The category field concerned. */
  datafield: number;
  /** Error detail path: `attributes.<index>.value`, or `attributes` without an entry. */
  path: string;
  /** Message key (possibly with params, see messageWithParams). */
  message: string;
}

/** Whether a field belongs to a level (product: asset_data false; item: asset_data true). */
export function fieldsOfLevel<F extends Pick<CategoryField, 'asset_data'>>(
  fields: readonly F[],
  level: AttributeLevel,
): F[] {
  return fields.filter((f) => f.asset_data === (level === 'item'));
}

const NUMBER_PATTERN = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether text is a number (decimal or exponent notation). */
export function isAttributeNumber(text: string): boolean {
  return NUMBER_PATTERN.test(text.trim()) && Number.isFinite(Number(text));
}

/** The instant a date-time with a zone names ('Z', '+02:00'), or undefined when it has none. */
function zonedInstant(m: RegExpExecArray, text: string): number | undefined {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.exec(text);
  if (!zoned || m[4] === undefined) return undefined;
  const offset = zoned[1] === 'Z' ? '+00:00' : zoned[1]!.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const [hour = '00', minute = '00', second = '00'] = [m[4], m[5], m[6]];
  return Date.parse(`${m[1]}-${m[2]}-${m[3]}T${hour}:${minute}:${second}${offset}`);
}

/**
 * Whether text is an ISO date or date-time with a real calendar date and time of day, within the
 * dates the database stores (common/dates.ts): years 1 to 9999, a zone's offset within ±15:59.
 */
export function isAttributeDate(text: string): boolean {
  const trimmed = text.trim();
  const m = DATE_PATTERN.exec(trimmed);
  if (!m) return false;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = m.slice(1).map((v) => v ?? '0') as string[];
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  // setUTCFullYear: Date.UTC would read the years 1 to 99 as 1901 to 1999.
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(y, mo, 0);
  if (d > lastDay.getUTCDate() || Number(hour) >= 24 || Number(minute) >= 60 || Number(second) >= 60) return false;
  const instant = zonedInstant(m, trimmed);
  return instant === undefined || (isStorableOffset(trimmed) && isStorableInstant(instant));
}

/**
 * A DateTime value as the forms store it, 'YYYY-MM-DDTHH:mm:ss': a date alone is its midnight, a
 * space may stand for the T, fractions of a second are dropped, and a value with a zone ('Z',
 * '+02:00', as JSON clients send a date) is that instant in UTC. Text that is not a date is
 * answered as it is, for the check to refuse.
 */
export function normaliseAttributeDate(text: string): string {
  const trimmed = text.trim();
  if (!isAttributeDate(trimmed)) return text;
  const m = DATE_PATTERN.exec(trimmed)!;
  const instant = zonedInstant(m, trimmed);
  if (instant !== undefined) return new Date(instant).toISOString().slice(0, 19);
  const [year, month, day] = [m[1], m[2], m[3]] as string[];
  const [hour = '00', minute = '00', second = '00'] = [m[4], m[5], m[6]];
  return `${year}-${month}-${day}T${hour}:${minute}:${second}`;
}

/** Whether a stored value is the placeholder of an unset attribute of this type. */
export function isAttributePlaceholder(type: CategoryField['type'], value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  if (type === 'DateTime') return text.startsWith(UNSET_DATETIME) || text.startsWith('1970-01-01 00:00:00');
  if (type === 'Number') return isAttributeNumber(text) && Number(text) === UNSET_NUMBER_VALUE;
  return false;
}

/** Whether an attribute carries a real value: not empty and not a placeholder. */
export function hasRealValue(type: CategoryField['type'], value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  return text !== '' && !isAttributePlaceholder(type, text);
}

/** The message for a value that does not fit its field's type, or null. Empty values and placeholders pass. */
export function attributeValueError(
  field: Pick<CategoryField, 'type' | 'options'>,
  value: string | null | undefined,
): string | null {
  const text = (value ?? '').trim();
  if (!hasRealValue(field.type, text)) return null;
  switch (field.type) {
    case 'DropdownList':
      return field.options.includes(text) ? null : 'attributeValueNotOption';
    case 'Number':
      return isAttributeNumber(text) ? null : 'attributeValueNotNumber';
    case 'DateTime':
      return isAttributeDate(text) ? null : 'attributeValueNotDate';
    case 'Text':
      return null;
  }
}

function entryIndex(values: readonly AttributeValue[], datafield: number): number {
  return values.findIndex((v) => v.datafield === datafield);
}

/** The value a field ends up with before placeholders: fixed value, the value sent, or the default. */
function chosenValue(field: CategoryField, values: readonly AttributeValue[], index: number): string {
  if (field.fixed_data) return (field.fixed_value ?? '').trim();
  if (index >= 0) return (values[index]!.value ?? '').trim();
  return (field.default_value ?? '').trim();
}

/** The issues of attribute values against a category's fields, for one level. */
export function attributeIssues(
  fields: readonly CategoryField[],
  values: readonly AttributeValue[],
  level: AttributeLevel,
): AttributeIssue[] {
  const issues: AttributeIssue[] = [];
  const known = new Set(fields.map((f) => f.id));
  values.forEach((v, index) => {
    if (!known.has(v.datafield)) {
      issues.push({ index, datafield: v.datafield, path: `attributes.${index}.value`, message: 'unknownAttribute' });
    }
  });
  for (const field of fieldsOfLevel(fields, level)) {
    if (field.fixed_data) continue;
    const index = entryIndex(values, field.id);
    const value = chosenValue(field, values, index);
    const at = (message: string): AttributeIssue => ({
      index: index >= 0 ? index : null,
      datafield: field.id,
      path: index >= 0 ? `attributes.${index}.value` : 'attributes',
      message,
    });
    if (!hasRealValue(field.type, value)) {
      if (field.required) {
        issues.push(
          at(
            level === 'product' ? 'requiredProductField' : messageWithParams('attributeRequired', { name: field.name }),
          ),
        );
      }
      continue;
    }
    const error = attributeValueError(field, value);
    if (error) issues.push(at(error));
  }
  return issues;
}

/** Issues of a product's attribute values (product-level fields). */
export function productAttributeIssues(
  fields: readonly CategoryField[],
  values: readonly AttributeValue[],
): AttributeIssue[] {
  return attributeIssues(fields, values, 'product');
}

/** Issues of an item's attribute values (item-level fields). */
export function itemAttributeIssues(
  fields: readonly CategoryField[],
  values: readonly AttributeValue[],
): AttributeIssue[] {
  return attributeIssues(fields, values, 'item');
}

/**
 * The attribute values to store: one per field of the level, in the fields' order, with fixed
 * values forced, defaults for fields without an entry and placeholders for unset DateTime and
 * Number; values of unknown fields and of the other level are dropped.
 */
export function completeAttributes(
  fields: readonly CategoryField[],
  values: readonly AttributeValue[],
  level: AttributeLevel,
): AttributeValue[] {
  return fieldsOfLevel(fields, level).map((field) => {
    let value = chosenValue(field, values, entryIndex(values, field.id));
    if (!hasRealValue(field.type, value)) {
      if (field.type === 'DateTime') value = UNSET_DATETIME;
      else if (field.type === 'Number') value = UNSET_NUMBER;
      else value = '';
    } else if (field.type === 'DateTime') {
      value = normaliseAttributeDate(value);
    }
    return { datafield: field.id, name: field.name, value };
  });
}

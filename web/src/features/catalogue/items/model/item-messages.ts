import type { CategoryField } from '@tagtrack/contract';
import { serverFieldMessages } from '../../../../lib/form-errors';
import { attributeKey } from './item-form-model';

/** Where each detail key of the API goes on the form. */
const FIELD_OF_DETAIL: Readonly<Record<string, 'epc' | 'product' | 'category' | 'name' | 'location'>> = {
  code: 'epc',
  product__sku: 'product',
  product: 'product',
  category: 'category',
  metadata: 'name',
  'metadata.name': 'name',
  location: 'location',
};

export interface ItemServerErrors {
  /** Form field → message (a message key with values, shown through useValidationMessage). */
  fields: Record<string, string>;
  /** `f<field id>` → message, from `attributes.<i>.value` (i indexes the attributes sent). */
  attributes: Record<string, string>;
}

/** A ValidationError's field messages, placed on the item form's fields. */
export function itemServerErrors(error: unknown, sentFields: readonly CategoryField[]): ItemServerErrors {
  const out: ItemServerErrors = { fields: {}, attributes: {} };
  for (const [key, text] of Object.entries(serverFieldMessages(error) ?? {})) {
    const field = FIELD_OF_DETAIL[key];
    if (field) {
      out.fields[field] ??= text;
      continue;
    }
    const attribute = /^attributes\.(\d+)(?:\.value)?$/.exec(key);
    const sent = attribute ? sentFields[Number(attribute[1])] : undefined;
    if (sent) out.attributes[attributeKey(sent)] ??= text;
  }
  return out;
}

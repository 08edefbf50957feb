import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  firstDetailMessage,
  matchEnglishMessage,
  parseValidationMessage,
  VALIDATION_MESSAGES,
  type CategoryField,
} from '@tagtrack/contract';
import { isApiError } from '../../../lib/api-client';
import { attributeKey } from './item-form-model';

/**
 * A message as the user reads it: a contract key (with values, `key|name=…`) or the server's
 * English text of one, in the user's language; any other text as it is.
 */
export function useMessageText(): (text: string | undefined) => string | undefined {
  const { t } = useTranslation('validation');
  return useCallback(
    (text) => {
      if (!text) return undefined;
      const known = parseValidationMessage(text) ?? matchEnglishMessage(text);
      return known ? t(known.key, { ...known.params, defaultValue: VALIDATION_MESSAGES[known.key] }) : text;
    },
    [t],
  );
}

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
  /** Form field → message (the server's text, shown through useMessageText). */
  fields: Record<string, string>;
  /** `f<field id>` → message, from `attributes.<i>.value` (i indexes the attributes sent). */
  attributes: Record<string, string>;
}

/** A ValidationError's field messages, placed on the item form's fields. */
export function itemServerErrors(error: unknown, sentFields: readonly CategoryField[]): ItemServerErrors {
  const out: ItemServerErrors = { fields: {}, attributes: {} };
  if (!isApiError(error) || error.payload?.type !== 'ValidationError') return out;
  const detail = error.payload.detail;
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return out;
  for (const [key, value] of Object.entries(detail)) {
    const text = firstDetailMessage(value);
    if (!text) continue;
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

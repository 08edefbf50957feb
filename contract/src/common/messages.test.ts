import { describe, expect, it } from 'vitest';
import { describeDetail } from './errors.js';
import {
  MESSAGE_KEYS,
  VALIDATION_MESSAGES,
  codeToMessage,
  describeMessage,
  firstCode,
  messageWithParams,
  parseValidationMessage,
} from './messages.js';

describe('message codes', () => {
  it('names every message by its key', () => {
    for (const [key, value] of Object.entries(MESSAGE_KEYS)) expect(value).toBe(key);
    expect(Object.keys(MESSAGE_KEYS)).toEqual(Object.keys(VALIDATION_MESSAGES));
  });

  it('describes a key with values as its English text and its code', () => {
    expect(describeMessage(messageWithParams('skuAboveMaximum', { limit: 15 }))).toEqual({
      text: 'The maximum SKU value for the selected encoding method is 15.',
      code: { code: 'skuAboveMaximum', params: { limit: '15' } },
    });
    expect(describeMessage('invalidSku')).toEqual({ text: 'Invalid SKU.', code: { code: 'invalidSku' } });
  });

  it('keeps other text as written, coded otherMessage or as the caller says', () => {
    expect(describeMessage('Expected number, received string')).toEqual({
      text: 'Expected number, received string',
      code: { code: 'otherMessage', params: { text: 'Expected number, received string' } },
    });
    expect(describeMessage('a|b', { code: 'invalidValue' })).toEqual({ text: 'a|b', code: { code: 'invalidValue' } });
  });

  it('describes a detail in its own shape', () => {
    expect(describeDetail({ sku: ['invalidSku'], attributes: { '0': ['requiredField'] } })).toEqual({
      detail: { sku: ['Invalid SKU.'], attributes: { '0': ['This field is required.'] } },
      codes: { sku: [{ code: 'invalidSku' }], attributes: { '0': [{ code: 'requiredField' }] } },
    });
    expect(describeDetail(['importHasErrors'])).toEqual({
      detail: ['The file has errors: nothing was imported.'],
      codes: [{ code: 'importHasErrors' }],
    });
    expect(describeDetail('notFound')).toEqual({ detail: 'Not found.', codes: { code: 'notFound' } });
  });

  it('turns a code back into the one-string form forms carry, values encoded', () => {
    const message = codeToMessage({ code: 'importMissingColumn', params: { column: 'a&b=c|d' } });
    expect(parseValidationMessage(message)).toEqual({ key: 'importMissingColumn', params: { column: 'a&b=c|d' } });
    expect(codeToMessage({ code: 'invalidSku', params: {} })).toBe('invalidSku');
  });

  it('finds the first code, non_field_errors and preferred fields first', () => {
    const codes = { name: [{ code: 'requiredName' }], non_field_errors: [{ code: 'invalidValue' }] };
    expect(firstCode(codes)).toEqual({ code: 'invalidValue' });
    expect(firstCode({ name: [{ code: 'requiredName' }], sku: [{ code: 'invalidSku' }] }, ['sku'])).toEqual({
      code: 'invalidSku',
    });
    expect(firstCode({ code: [{ code: 'requiredEpc' }] })).toEqual({ code: 'requiredEpc' });
    expect(firstCode(undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeDetail } from './errors.js';
import {
  MESSAGE_KEYS,
  VALIDATION_MESSAGES,
  codeToMessage,
  describeMessage,
  fallbackMessage,
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

describe('fallbackMessage: zod issues whose schema names no message', () => {
  const message = (schema: z.ZodType, input: unknown) => {
    const result = schema.safeParse(input, { error: fallbackMessage });
    return result.success ? 'valid' : result.error.issues.map((issue) => describeMessage(issue.message).text);
  };
  const page = z.coerce.number().int().min(1);

  it('words numbers as Django REST does, with their bounds', () => {
    expect(message(page, 'abc')).toEqual(['A valid number is required.']);
    expect(message(page, '1e400')).toEqual(['A valid number is required.']);
    expect(message(page, '1.5')).toEqual(['A valid integer is required.']);
    expect(message(page, '0')).toEqual(['Ensure this value is greater than or equal to 1.']);
    expect(message(z.coerce.number().int().max(10), '11')).toEqual(['Ensure this value is less than or equal to 10.']);
    expect(message(page, '7')).toBe('valid');
  });

  // A number read from a query string is coerced first, and zod shows the fallback only NaN: the
  // server's error handler words a query parameter given twice (test/pagination.test.ts).
  it('says when a list stands where one value belongs', () => {
    expect(message(z.string().optional(), ['a', 'b', 'c'])).toEqual(['Give one value, not 3.']);
    expect(message(z.enum(['in', 'out']), ['in'])).toEqual(['Give one value, not 1.']);
    expect(message(z.array(z.string()), 'a')).not.toEqual(['Give one value, not 1.']);
  });

  it('says a missing field is required', () => {
    expect(message(z.object({ name: z.string() }), {})).toEqual(['This field is required.']);
    expect(message(z.object({ size: z.number().int() }), { size: null })).toEqual(['A valid number is required.']);
  });

  it('words a text too long, and leaves what it does not know to zod, and a schema’s own message first', () => {
    expect(message(z.string().max(200), 'x'.repeat(201))).toEqual([
      'Ensure this field has no more than 200 characters.',
    ]);
    expect(message(z.number().positive(), 0)).toEqual(['Too small: expected number to be >0']);
    expect(message(z.string().max(3, { error: 'nameMaxLength' }), 'abcd')).toEqual([
      'This field may have at most 150 characters',
    ]);
  });
});

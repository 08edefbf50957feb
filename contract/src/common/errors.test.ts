import { describe, expect, it } from 'vitest';
import { ERROR_TYPES, errorTypeMessage, firstDetailMessage } from './errors.js';
import { parseOrdering } from './pagination.js';

describe('error types', () => {
  it('maps the spec types to statuses and messages', () => {
    expect(ERROR_TYPES.ValidationError.status).toBe(400);
    expect(ERROR_TYPES.Throttled.status).toBe(429);
    expect(errorTypeMessage('PermissionDenied')).toBe('User doesn’t have the permission.');
    expect(errorTypeMessage('NidException')).toBe('Please click report button for detail.');
    expect(errorTypeMessage(undefined)).toBe('Please click report button for detail.');
  });

  it('reads the first message of a detail in the console order', () => {
    expect(firstDetailMessage('plain')).toBe('plain');
    expect(firstDetailMessage(['one', 'two'])).toBe('one');
    expect(firstDetailMessage({ sku: ['bad sku'], non_field_errors: ['general'] })).toBe('general');
    expect(
      firstDetailMessage({ reader_type: ['x'], reader_configuration_ids: ['y'] }, ['reader_configuration_ids']),
    ).toBe('y');
    expect(firstDetailMessage({ rows: { 0: ['nested'] } })).toBe('nested');
  });
});

describe('parseOrdering', () => {
  it('keeps allowed fields with their direction and falls back otherwise', () => {
    expect(parseOrdering('-name,sku', ['name', 'sku'], 'sku')).toEqual([
      { field: 'name', descending: true },
      { field: 'sku', descending: false },
    ]);
    expect(parseOrdering('password', ['name'], '-name')).toEqual([{ field: 'name', descending: true }]);
    expect(parseOrdering(undefined, ['name'], 'name')).toEqual([{ field: 'name', descending: false }]);
  });
});

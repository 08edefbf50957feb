import { describe, expect, it } from 'vitest';
import { ERROR_TYPES, errorTypeMessage, firstDetailMessage } from './errors.js';
import { pageWindow, parseOrdering, singleOrdering } from './pagination.js';

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

describe('singleOrdering and pageWindow', () => {
  it('takes the first allowed field or the fallback, and refuses a fallback that is not allowed', () => {
    expect(singleOrdering('-email,name', ['name', 'email'], 'name')).toEqual({ field: 'email', descending: true });
    expect(singleOrdering('secret', ['name'], '-name')).toEqual({ field: 'name', descending: true });
    expect(() => singleOrdering(undefined, ['name'], 'id' as 'name')).toThrow(/not an allowed field/);
  });

  it('turns pages counted from 1 into limit and offset', () => {
    expect(pageWindow({ page: 1, page_size: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow({ page: 3, page_size: 10 })).toEqual({ limit: 10, offset: 20 });
  });
});

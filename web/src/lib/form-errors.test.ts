import { describe, expect, it } from 'vitest';
import type { ErrorPayload } from '@tagtrack/contract';
import { ApiError } from './api-client';
import { serverFieldMessages } from './form-errors';

function refused(payload: Partial<ErrorPayload>, status = 400) {
  const full = {
    type: 'ValidationError',
    detail: 'x',
    id: 'c0ffee',
    request: 'POST /sensor-data/observation/rule/',
    time: '2026-01-02T03:04:05Z',
    'user-agent': 'Test/1.0',
    ...payload,
  } as ErrorPayload;
  return new ApiError({ status, url: '/sensor-data/observation/rule/', method: 'POST', payload: full });
}

describe('server field messages', () => {
  it('reads a field → messages detail, from its codes where it has them', () => {
    const error = refused({
      detail: { sku: ['The maximum SKU value for the selected encoding method is 64.'], name: ['Too long'] },
      codes: { sku: [{ code: 'skuAboveMaximum', params: { limit: '64' } }] },
    });
    expect(serverFieldMessages(error)).toEqual({ sku: 'skuAboveMaximum|limit=64', name: 'Too long' });
  });

  it('reads a detail joined into one string (the event routes) from its codes by field', () => {
    const error = refused({
      detail:
        'name: Name is required;conditions.0.function_parameters.limit: The value must have at most 2 decimal places',
      codes: {
        name: [{ code: 'requiredName' }],
        'conditions.0.function_parameters.limit': [{ code: 'limitDecimals' }],
      },
    });
    expect(serverFieldMessages(error)).toEqual({
      name: 'requiredName',
      'conditions.0.function_parameters.limit': 'limitDecimals',
    });
  });

  it('has nothing per field for a string detail whose codes are one code or none', () => {
    expect(serverFieldMessages(refused({ detail: 'Not valid', codes: { code: 'invalidValue' } }))).toBeNull();
    expect(serverFieldMessages(refused({ detail: 'Not valid' }))).toBeNull();
    expect(serverFieldMessages(refused({ detail: ['a', 'b'], codes: [{ code: 'invalidValue' }] }))).toBeNull();
  });

  it('is null for any other error', () => {
    expect(serverFieldMessages(refused({ type: 'PermissionDenied', detail: 'No' }, 403))).toBeNull();
    expect(serverFieldMessages(new Error('boom'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  ERROR_RESPONSE_PREVIEW_CHARS,
  ERROR_TYPES,
  UNKNOWN_ERROR_MESSAGE,
  type ErrorPayload,
} from '@tagtrack/contract';
import { ApiError } from './api-client';
import { buildErrorReport, mapError, truncateResponse } from './errors';

function apiError(payload: Partial<ErrorPayload> | undefined, status = 400, responseText?: string) {
  const full = payload && {
    type: 'ValidationError',
    detail: 'x',
    id: 'c0ffee',
    request: '/accounts/users/me/',
    time: '2026-01-02T03:04:05Z',
    'user-agent': 'Test/1.0',
    ...payload,
  };
  return new ApiError({
    status,
    url: '/accounts/users/me/',
    method: 'PATCH',
    payload: full,
    responseText: responseText ?? JSON.stringify(full ?? {}),
  });
}

describe('error mapper', () => {
  it('shows the caller message plus the type message', () => {
    const mapped = mapError('Failed to update an item.', apiError({ type: 'PermissionDenied' }, 403));
    expect(mapped.message).toBe('Failed to update an item.');
    expect(mapped.typeMessage).toBe(ERROR_TYPES.PermissionDenied.message);
    expect(mapped.text).toBe(`Failed to update an item.\n${ERROR_TYPES.PermissionDenied.message}`);
  });

  it.each(Object.entries(ERROR_TYPES))('maps %s to its message', (type, { message }) => {
    expect(mapError('Failed.', apiError({ type })).typeMessage).toBe(message);
  });

  it('answers an unknown or missing type with the report hint', () => {
    expect(mapError('Failed.', apiError({ type: 'NidException' })).typeMessage).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(mapError('Failed.', apiError(undefined, 502, '<html>Bad gateway</html>')).typeMessage).toBe(
      'Please click report button for detail.',
    );
    expect(mapError('Failed.', new Error('boom')).typeMessage).toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it('adds the server detail when asked, preferring non_field_errors and the named fields', () => {
    const error = apiError({ detail: { old_password: ['The old password is not correct'] } });
    expect(mapError("Failed to change user's password", error, { withDetail: true }).message).toBe(
      "Failed to change user's password: The old password is not correct",
    );
    const both = apiError({ detail: { name: ['Too long'], non_field_errors: ['Duplicate'] } });
    expect(mapError('Failed', both, { withDetail: true }).message).toBe('Failed: Duplicate');
    expect(mapError('Failed to create group.', both, { withDetail: true }).message).toBe(
      'Failed to create group. Duplicate',
    );
  });

  it('translates the server’s codes, with their values, through the translator', () => {
    const error = apiError({
      detail: { old_password: ['The old password is not correct'] },
      codes: { old_password: [{ code: 'oldPasswordIncorrect' }] },
    });
    const mapped = mapError('Fehler', error, {
      withDetail: true,
      translate: (key, fallback) =>
        key === 'validation:oldPasswordIncorrect' ? 'Das alte Passwort ist falsch' : fallback,
    });
    expect(mapped.message).toBe('Fehler: Das alte Passwort ist falsch');
    const withValues = apiError({
      detail: { sku: ['The maximum SKU value for the selected encoding method is 15.'] },
      codes: { sku: [{ code: 'skuAboveMaximum', params: { limit: '15' } }] },
    });
    const german = (key: string, _fallback: string, params?: Record<string, string>) =>
      `${key} ${JSON.stringify(params)}`;
    expect(mapError('Fehler', withValues, { withDetail: true, translate: german }).message).toBe(
      'Fehler: validation:skuAboveMaximum {"limit":"15"}',
    );
    expect(mapError('Fehler', withValues, { translate: german }).items).toEqual([
      'sku: validation:skuAboveMaximum {"limit":"15"}',
    ]);
  });

  it('reads no meaning into English: a detail without codes is shown as written', () => {
    const error = apiError({ detail: { old_password: ['The old password is not correct'] } });
    const mapped = mapError('Fehler', error, { withDetail: true, translate: () => 'übersetzt' });
    expect(mapped.message).toBe('Fehler: The old password is not correct');
  });

  it('shows a message without a code of its own (otherMessage) as the server wrote it', () => {
    const error = apiError({
      type: 'BadRequest',
      detail: 'Body is not valid',
      codes: { code: 'otherMessage', params: { text: 'Body is not valid' } },
    });
    expect(mapError('Failed.', error, { withDetail: true }).message).toBe('Failed. Body is not valid');
  });

  it('lists list-type details as items, and splits sensor details on a semicolon', () => {
    expect(mapError('Import failed', apiError({ detail: ['Row 2: bad EPC', 'Row 5: bad SKU'] })).items).toEqual([
      'Row 2: bad EPC',
      'Row 5: bad SKU',
    ]);
    expect(mapError('Failed', apiError({ detail: 'a; b ;c' }), { splitOn: ';' }).items).toEqual(['a', 'b', 'c']);
    expect(mapError('Failed', apiError({ detail: { email: ['Enter a valid e-mail address'] } })).items).toEqual([
      'email: Enter a valid e-mail address',
    ]);
  });

  it('shows the first part of a detail joined by semicolons, and says when the report lists more', () => {
    const joined = apiError({
      detail: 'name: Name is required;products: At least one product must be selected',
      codes: { name: [{ code: 'requiredName' }], products: [{ code: 'productRequired' }] },
    });
    const mapped = mapError('Failed to create event.', joined, { withDetail: true, splitOn: ';' });
    expect(mapped.message).toBe('Failed to create event. name: Name is required (Click report to see list of errors)');
    expect(mapped.items).toEqual(['name: Name is required', 'products: At least one product must be selected']);

    const one = apiError({
      detail: 'conditions: Enter at least one limit.',
      codes: { conditions: [{ code: 'requiredLimit' }] },
    });
    const single = mapError('Failed to update event.', one, { withDetail: true, splitOn: ';' });
    expect(single.message).toBe('Failed to update event. conditions: Enter at least one limit.');
    expect(single.items).toEqual([]);

    // Without codes by field the detail's own parts are shown as written.
    const plain = mapError('Failed to delete event.', apiError({ detail: 'first; second' }), {
      withDetail: true,
      splitOn: ';',
    });
    expect(plain.message).toBe('Failed to delete event. first (Click report to see list of errors)');
  });

  it('words the parts of a joined detail and the hint in the user’s language', () => {
    const joined = apiError({
      detail: 'name: Name is required;products: At least one product must be selected',
      codes: { name: [{ code: 'requiredName' }], products: [{ code: 'productRequired' }] },
    });
    const german = (key: string, fallback: string) =>
      ({
        'validation:requiredName': 'Name ist erforderlich',
        'validation:productRequired': 'Mindestens ein Produkt',
        'errors:moreErrors': '(Liste im Bericht)',
      })[key] ?? fallback;
    const mapped = mapError('Fehler.', joined, { withDetail: true, splitOn: ';', translate: german });
    expect(mapped.message).toBe('Fehler. name: Name ist erforderlich (Liste im Bericht)');
    expect(mapped.items).toEqual(['name: Name ist erforderlich', 'products: Mindestens ein Produkt']);
  });

  it('keeps the envelope fields for the report dialog', () => {
    const mapped = mapError('Failed', apiError({ type: 'APIException' }, 500));
    expect(mapped).toMatchObject({
      status: 500,
      type: 'APIException',
      id: 'c0ffee',
      request: '/accounts/users/me/',
      time: '2026-01-02T03:04:05Z',
      userAgent: 'Test/1.0',
    });
  });
});

describe('response preview', () => {
  it('truncates the response to 150 characters', () => {
    const long = 'x'.repeat(400);
    const preview = truncateResponse(long);
    expect(ERROR_RESPONSE_PREVIEW_CHARS).toBe(150);
    expect(preview.startsWith('x'.repeat(150))).toBe(true);
    expect(preview.replace('…', '')).toHaveLength(150);
  });

  it('leaves a short response as it is', () => {
    expect(truncateResponse('x'.repeat(150))).toBe('x'.repeat(150));
    expect(truncateResponse('{"type":"NotFound"}')).toBe('{"type":"NotFound"}');
  });
});

describe('error report', () => {
  it('carries the request and the id when the error has an id', () => {
    const report = buildErrorReport(mapError('Failed', apiError({ type: 'APIException' }, 500)), 'It broke');
    expect(report).toMatchObject({
      error_uuid: 'c0ffee',
      error_request: '/accounts/users/me/',
      error_code: 500,
      datetime: '2026-01-02T03:04:05Z',
      user_agent: 'Test/1.0',
      ui_error_message: 'Failed\nInternal server error.',
      comment: 'It broke',
    });
    expect(report.error_response).toContain('APIException');
  });

  it('leaves out the request and the id without an error id', () => {
    const report = buildErrorReport(mapError('Failed', apiError(undefined, 502, 'Bad gateway')), '');
    expect(report).not.toHaveProperty('error_uuid');
    expect(report).not.toHaveProperty('error_request');
    expect(report.error_response).toBe('Bad gateway');
    expect(report.error_code).toBe(502);
  });
});

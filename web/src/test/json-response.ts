import {
  describeErrorDetail,
  type ErrorCodes,
  type ErrorDetail,
  type ErrorPayload,
  type ErrorType,
  ERROR_TYPES,
} from '@tagtrack/contract';

/** A JSON reply of a stubbed server. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * An error envelope as the server builds it: `detail` words its messages as message keys (`key`,
 * `key|name=value&…`), answered as English text with the codes beside it; `codes` given are kept.
 */
export function errorBody(type: ErrorType, detail: ErrorDetail, codes?: ErrorCodes): ErrorPayload {
  const described = describeErrorDetail(type, detail);
  return {
    type,
    detail: described.detail,
    codes: codes ?? described.codes,
    id: 'c0ffee00-0000-4000-8000-000000000000',
    request: '',
    time: '2026-01-01T00:00:00.000Z',
    'user-agent': '',
  };
}

/** errorBody as a reply, with the type's status. */
export const errorResponse = (type: ErrorType, detail: ErrorDetail, codes?: ErrorCodes) =>
  jsonResponse(errorBody(type, detail, codes), ERROR_TYPES[type].status);

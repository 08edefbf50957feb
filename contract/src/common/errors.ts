import { z } from 'zod';
import { describeMessage, firstLeaf, type ErrorCodes, type MessageCode } from './messages.js';

/** The server's error types (spec 01 §8) with their HTTP status and the message the console shows. */
export const ERROR_TYPES = {
  BadRequest: { status: 400, message: "The server couldn't process the request due to a client error." },
  ValidationError: { status: 400, message: 'Request validation failed.' },
  ParseError: { status: 400, message: 'Request could not be parsed.' },
  AuthenticationFailed: { status: 401, message: 'Incorrect credentials.' },
  NotAuthenticated: { status: 401, message: 'Credentials were not provided.' },
  PermissionDenied: { status: 403, message: 'User doesn’t have the permission.' },
  NotFound: { status: 404, message: 'Requested resource could not be found.' },
  MethodNotAllowed: { status: 405, message: 'Request had wrong request method.' },
  NotAcceptable: { status: 406, message: 'Could not satisfy the request Accept header.' },
  UnsupportedMediaType: { status: 415, message: 'Unsupported media type.' },
  UnprocessableEntity: { status: 422, message: 'Request could not be processed due to relational issues.' },
  Throttled: { status: 429, message: 'Request was throttled.' },
  APIException: { status: 500, message: 'Internal server error.' },
  NotImplementedException: { status: 501, message: 'Gateway configuration is missing.' },
  GatewayError: { status: 502, message: 'Connect to gateway failed.' },
  /** The database could not apply the request after retrying it (e.g. a deadlock); try again. */
  ServiceUnavailable: { status: 503, message: 'Service temporarily unavailable, try again later.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorType = keyof typeof ERROR_TYPES;

/** Shown for redirects, NidException and any unknown or missing type. */
export const UNKNOWN_ERROR_MESSAGE = 'Please click report button for detail.';

/** `detail` is a sentence, a list of sentences, or field → messages (nested for lists of objects). */
export type ErrorDetail = string | string[] | { [field: string]: ErrorDetail };

/** The error payload every failing API call answers (spec 01 §3). */
export interface ErrorPayload {
  type: ErrorType | string;
  detail: ErrorDetail;
  id: string;
  request: string;
  time: string;
  'user-agent': string;
  /** `detail` with each message replaced by its machine-readable code (docs/errors.md). */
  codes?: ErrorCodes;
}

/** One message's code (MessageCode) as a schema, for the API document and the MQTT ack. */
export const MessageCodeSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.string()).optional(),
});

/** The error envelope as a schema (the API document's answer to every failing call). */
export const ErrorPayloadSchema = z.object({
  type: z.string(),
  detail: z.union([z.string(), z.array(z.string()), z.record(z.string(), z.unknown())]),
  id: z.string(),
  request: z.string(),
  time: z.string(),
  'user-agent': z.string(),
  codes: z
    .union([MessageCodeSchema, z.array(MessageCodeSchema), z.record(z.string(), z.unknown())])
    .optional()
    .describe('The detail with each message replaced by its code and values (docs/errors.md).'),
});

/**
 * An error's detail as the server words it → the English detail and the codes of its envelope.
 * Text that is no key keeps its wording: in a ValidationError it is a library's wording of a
 * field problem (code invalidValue), elsewhere a message without a code of its own (otherMessage).
 */
export function describeErrorDetail(type: string, detail: ErrorDetail): { detail: ErrorDetail; codes: ErrorCodes } {
  return describeDetail(detail, type === 'ValidationError' ? { code: 'invalidValue' } : undefined);
}

/**
 * A detail as the server words it (messages as keys, `key|name=value&…`, or text) → the English
 * detail it answers and the codes beside it, in the same shape. `fallback` is the code of text
 * that is no key (see describeMessage).
 */
export function describeDetail(
  detail: ErrorDetail,
  fallback?: MessageCode,
): { detail: ErrorDetail; codes: ErrorCodes } {
  if (typeof detail === 'string') {
    const { text, code } = describeMessage(detail, fallback);
    return { detail: text, codes: code };
  }
  if (Array.isArray(detail)) {
    const described = detail.map((message) => describeMessage(message, fallback));
    return { detail: described.map((d) => d.text), codes: described.map((d) => d.code) };
  }
  const out: Record<string, ErrorDetail> = {};
  const codes: Record<string, ErrorCodes> = {};
  for (const [field, value] of Object.entries(detail)) {
    const described = describeDetail(value, fallback);
    out[field] = described.detail;
    codes[field] = described.codes;
  }
  return { detail: out, codes };
}

export function isErrorType(type: unknown): type is ErrorType {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(ERROR_TYPES, type);
}

export function errorTypeMessage(type: unknown): string {
  return isErrorType(type) ? ERROR_TYPES[type].message : UNKNOWN_ERROR_MESSAGE;
}

export function isErrorPayload(body: unknown): body is ErrorPayload {
  return typeof body === 'object' && body !== null && 'type' in body && 'detail' in body;
}

/** The first human-readable message of a detail, in the order the console reads it. */
export function firstDetailMessage(detail: ErrorDetail | undefined, preferred: string[] = []): string | undefined {
  return firstLeaf(detail, (value): value is string => typeof value === 'string' && value !== '', preferred);
}

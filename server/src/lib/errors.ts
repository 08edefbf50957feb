import {
  ERROR_TYPES,
  MESSAGE_KEYS as M,
  messageWithParams,
  type ErrorCodes,
  type ErrorDetail,
  type ErrorType,
} from '@tagtrack/contract';

/**
 * A failure with one of the spec's error types; the error handler turns it into the envelope.
 * `detail` words its messages as the contract's message keys (MESSAGE_KEYS, messageWithParams):
 * the envelope answers their English text and their codes. `codes`, when given, are answered as
 * they are (a detail whose messages are composed, like an import's row list).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly type: ErrorType,
    readonly detail: ErrorDetail = ERROR_TYPES[type].message,
    options: { status?: number; headers?: Record<string, string>; codes?: ErrorCodes } = {},
  ) {
    super(typeof detail === 'string' ? detail : ERROR_TYPES[type].message);
    this.status = options.status ?? ERROR_TYPES[type].status;
    this.headers = options.headers ?? {};
    this.codes = options.codes;
  }
  readonly headers: Record<string, string>;
  readonly codes: ErrorCodes | undefined;
}

export const notFound = (detail: string = M.notFound) => new AppError('NotFound', detail);
export const permissionDenied = (detail: string = M.permissionDenied) => new AppError('PermissionDenied', detail);
export const notAuthenticated = (detail: string = M.notAuthenticated) => new AppError('NotAuthenticated', detail);
export const authenticationFailed = (detail: string = M.authenticationFailed) =>
  new AppError('AuthenticationFailed', detail);
/** A bearer token that is not valid (or whose user or reader is gone), for the API or the reader API realm. */
export const tokenNotValid = (realm: 'api' | 'reader-api') =>
  new AppError('AuthenticationFailed', M.tokenNotValid, {
    status: 401,
    headers: { 'www-authenticate': `Bearer realm="${realm}"` },
  });
/** Too many attempts: try again in `seconds` (also in Retry-After). */
export const throttled = (seconds: number) =>
  new AppError('Throttled', messageWithParams('throttled', { wait: seconds }), {
    headers: { 'retry-after': String(seconds) },
  });

/** Field → message keys, the detail of a ValidationError. */
export type FieldMessages = Record<string, string[]>;

/** Adds a message (key) to a field of a ValidationError's detail. */
export function addFieldMessage(detail: FieldMessages, field: string, message: string): void {
  (detail[field] ??= []).push(message);
}

/** ValidationError with field → messages, as forms read it. */
export const validationError = (fields: Record<string, string[]> | string[]) => new AppError('ValidationError', fields);

/** Zod issues → { field: [message keys] }; issues about the whole body go to non_field_errors. */
export function issuesToDetail(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: string[] = [],
): Record<string, string[]> {
  const detail: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = [...prefix, ...issue.path.map(String)].join('.') || 'non_field_errors';
    (detail[key] ??= []).push(issue.message);
  }
  return detail;
}

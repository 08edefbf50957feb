import { ERROR_TYPES, type ErrorDetail, type ErrorType } from '@tagtrack/contract';

/** A failure with one of the spec's error types; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly type: ErrorType,
    readonly detail: ErrorDetail = ERROR_TYPES[type].message,
    options: { status?: number; headers?: Record<string, string> } = {},
  ) {
    super(typeof detail === 'string' ? detail : ERROR_TYPES[type].message);
    this.status = options.status ?? ERROR_TYPES[type].status;
    this.headers = options.headers ?? {};
  }
  readonly headers: Record<string, string>;
}

export const notFound = (detail = 'Not found.') => new AppError('NotFound', detail);
export const permissionDenied = (detail = 'You do not have permission to perform this action.') =>
  new AppError('PermissionDenied', detail);
export const notAuthenticated = (detail = 'Authentication credentials were not provided.') =>
  new AppError('NotAuthenticated', detail);
export const authenticationFailed = (detail = 'No active account found with the given credentials') =>
  new AppError('AuthenticationFailed', detail);
/** A bearer token that is not valid (or whose user or reader is gone), for the API or the reader API realm. */
export const tokenNotValid = (realm: 'api' | 'reader-api') =>
  new AppError('AuthenticationFailed', 'Given token not valid for any token type', {
    status: 401,
    headers: { 'www-authenticate': `Bearer realm="${realm}"` },
  });
/** ValidationError with field → messages, as forms read it. */
export const validationError = (fields: Record<string, string[]> | string[]) => new AppError('ValidationError', fields);

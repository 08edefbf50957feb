import {
  ERROR_RESPONSE_PREVIEW_CHARS,
  ErrorReportSchema,
  VALIDATION_MESSAGES,
  errorTypeMessage,
  firstDetailMessage,
  isErrorType,
  isValidationMessageKey,
  type ErrorDetail,
  type ErrorReport,
} from '@tagtrack/contract';
import { isApiError } from './api-client';

/** Looks a key up in the i18n resources, with the English text as fallback. */
export type Translate = (key: string, fallback: string) => string;
export const englishTranslate: Translate = (_key, fallback) => fallback;

/** Everything the snackbar, the error dialog and the report need to know about one failure. */
export interface MappedError {
  /** The caller's message, followed by the server's detail when asked for. */
  message: string;
  /** The message of the server's error type, or the unknown-type message. */
  typeMessage: string;
  /** The snackbar text: the message, then the type message on its own line. */
  text: string;
  status: number | null;
  type: string | null;
  detail: ErrorDetail | null;
  /** List-type details as separate items, shown numbered. */
  items: string[];
  id: string | null;
  /** The request URL, from the envelope or else from the client. */
  request: string | null;
  time: string;
  userAgent: string;
  /** The raw response body. */
  response: string;
}

export interface MapErrorOptions {
  translate?: Translate;
  /** Append the server's first detail message to the caller's message. */
  withDetail?: boolean;
  /** Detail fields to read first (after non_field_errors). */
  preferredFields?: string[];
  /** Split a string detail into items on this separator (sensor and event errors use ';'). */
  splitOn?: string;
  now?: () => Date;
}

const ENGLISH_TO_KEY = new Map<string, string>(Object.entries(VALIDATION_MESSAGES).map(([key, text]) => [text, key]));

/** A server message in the user's language when it is one of the contract's validation messages. */
export function translateServerMessage(text: string, translate: Translate = englishTranslate): string {
  const key = isValidationMessageKey(text) ? text : ENGLISH_TO_KEY.get(text);
  return key ? translate(`validation:${key}`, VALIDATION_MESSAGES[key as keyof typeof VALIDATION_MESSAGES]) : text;
}

/** The type's message in the user's language; unknown and missing types get the report hint. */
export function typeMessageFor(type: unknown, translate: Translate = englishTranslate): string {
  return isErrorType(type)
    ? translate(`errors:${type}`, errorTypeMessage(type))
    : translate('errors:unknown', errorTypeMessage(type));
}

function flattenDetail(detail: ErrorDetail, translate: Translate, prefix = ''): string[] {
  if (typeof detail === 'string') {
    const text = translateServerMessage(detail, translate);
    return [prefix ? `${prefix}: ${text}` : text];
  }
  if (Array.isArray(detail)) return detail.flatMap((d) => flattenDetail(d, translate, prefix));
  return Object.entries(detail).flatMap(([field, value]) =>
    flattenDetail(value, translate, field === 'non_field_errors' ? prefix : prefix ? `${prefix}.${field}` : field),
  );
}

function detailItems(detail: ErrorDetail | null, splitOn: string | undefined, translate: Translate): string[] {
  if (detail === null) return [];
  if (typeof detail === 'string') {
    if (!splitOn || !detail.includes(splitOn)) return [];
    return detail
      .split(splitOn)
      .map((part) => part.trim())
      .filter(Boolean);
  }
  return flattenDetail(detail, translate);
}

/** Truncates the response shown in the error dialog to its first 150 characters. */
export function truncateResponse(text: string, max: number = ERROR_RESPONSE_PREVIEW_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function currentUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/**
 * The one error mapper: turns any thrown value into what the console shows, the caller's message
 * plus the type's message, with the envelope's fields kept for the report dialog.
 */
export function mapError(callerMessage: string, error: unknown, options: MapErrorOptions = {}): MappedError {
  const translate = options.translate ?? englishTranslate;
  const now = options.now ?? (() => new Date());
  const api = isApiError(error) ? error : null;
  const payload = api?.payload;
  const detail = payload?.detail ?? null;

  let message = callerMessage;
  if (options.withDetail && detail !== null) {
    const first = firstDetailMessage(detail, options.preferredFields);
    // A caller message that is a sentence is followed by the detail as the next one, else by a colon.
    if (first) {
      const separator = /[.!?]$/.test(callerMessage) ? ' ' : ': ';
      message = `${callerMessage}${separator}${translateServerMessage(first, translate)}`;
    }
  }
  const typeMessage = typeMessageFor(payload?.type, translate);

  return {
    message,
    typeMessage,
    text: `${message}\n${typeMessage}`,
    status: api ? api.status : null,
    type: payload?.type ?? null,
    detail,
    items: detailItems(detail, options.splitOn, translate),
    id: payload?.id ?? null,
    request: payload?.request ?? (api ? `${api.method} ${api.url}` : null),
    time: payload?.time ?? now().toISOString(),
    userAgent: payload?.['user-agent'] ?? currentUserAgent(),
    response: api ? api.responseText : error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  };
}

/** The body of POST /api/error/. Without an error id the request and the id are left out (spec 03 §8). */
export function buildErrorReport(error: MappedError, comment: string): ErrorReport {
  const report: ErrorReport = {
    error_response: error.response.slice(0, 20_000),
    datetime: error.time.slice(0, 64),
    user_agent: error.userAgent.slice(0, 1000),
    ui_error_message: error.text.slice(0, 1000),
    comment,
  };
  const code = error.status || error.type;
  if (code) report.error_code = typeof code === 'number' ? code : code.slice(0, 50);
  if (error.id) {
    report.error_uuid = error.id;
    if (error.request) report.error_request = error.request.slice(0, 2000);
  }
  return ErrorReportSchema.parse(report);
}

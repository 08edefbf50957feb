import {
  ERROR_RESPONSE_PREVIEW_CHARS,
  ErrorReportSchema,
  VALIDATION_MESSAGES,
  codeToMessage,
  errorTypeMessage,
  firstCode,
  firstDetailMessage,
  interpolate,
  isErrorType,
  isMessageCode,
  parseValidationMessage,
  type ErrorCodes,
  type ErrorDetail,
  type ErrorReport,
  type MessageCode,
} from '@tagtrack/contract';
import { isApiError } from './api-client';

/** Looks a key up in the i18n resources, with the English text as fallback and values for its placeholders. */
export type Translate = (key: string, fallback: string, params?: Record<string, string>) => string;
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
  /**
   * Split a string detail into items on this separator (sensor and event errors use ';'); with
   * `withDetail` the message shows the first part, and says when the report lists more.
   */
  splitOn?: string;
  now?: () => Date;
}

/**
 * A message as schemas, forms and the server's codes carry it (`key` or `key|name=value&…`, see
 * codeToMessage) in the user's language; any other text as it is.
 */
export function messageText(message: string, translate: Translate = englishTranslate): string {
  const parsed = parseValidationMessage(message);
  if (!parsed) return message;
  const english = interpolate(VALIDATION_MESSAGES[parsed.key], parsed.params);
  return translate(`validation:${parsed.key}`, english, parsed.params);
}

/** One of the server's codes (an error's `codes`, an import row's) in the user's language. */
export function codeText(code: MessageCode, translate: Translate = englishTranslate): string {
  return messageText(codeToMessage(code), translate);
}

/** The type's message in the user's language; unknown and missing types get the report hint. */
export function typeMessageFor(type: unknown, translate: Translate = englishTranslate): string {
  return isErrorType(type)
    ? translate(`errors:${type}`, errorTypeMessage(type))
    : translate('errors:unknown', errorTypeMessage(type));
}

/**
 * Each message of a detail-shaped tree (an error's codes, or its detail), as `text` words it,
 * prefixed with its field's path.
 */
function flattenMessages<T>(
  tree: unknown,
  isLeaf: (value: unknown) => value is T,
  text: (leaf: T) => string,
  prefix = '',
): string[] {
  if (isLeaf(tree)) return [prefix ? `${prefix}: ${text(tree)}` : text(tree)];
  if (Array.isArray(tree)) return tree.flatMap((item) => flattenMessages(item, isLeaf, text, prefix));
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([field, value]) =>
    flattenMessages(value, isLeaf, text, field === 'non_field_errors' ? prefix : prefix ? `${prefix}.${field}` : field),
  );
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** Follows a split detail's first part when it has more (03 §8). */
const MORE_ERRORS_HINT = '(Click report to see list of errors)';

/**
 * The parts of a detail joined into one string (sensor and event errors, 03 §8): from the codes,
 * in the user's language, where they are one code or keyed by field (the server joins the same
 * messages in the same order); else the detail's own parts as written.
 */
function splitDetail(detail: string, codes: ErrorCodes | undefined, splitOn: string, translate: Translate): string[] {
  if (isMessageCode(codes)) return [codeText(codes, translate)];
  const byField = typeof codes === 'object' && codes !== null && !Array.isArray(codes);
  const fromCodes = byField ? flattenMessages(codes, isMessageCode, (code) => codeText(code, translate)) : [];
  if (fromCodes.length > 0) return fromCodes;
  return detail
    .split(splitOn)
    .map((part) => part.trim())
    .filter(Boolean);
}

function detailItems(
  detail: ErrorDetail | null,
  codes: ErrorCodes | undefined,
  splitOn: string | undefined,
  translate: Translate,
): string[] {
  if (detail === null) return [];
  if (typeof detail === 'string') {
    if (!splitOn) return [];
    const parts = splitDetail(detail, codes, splitOn, translate);
    return parts.length > 1 ? parts : [];
  }
  // From the codes, in the user's language; a detail without codes (not from this server) as written.
  return codes === undefined
    ? flattenMessages(detail, isText, (message) => message)
    : flattenMessages(codes, isMessageCode, (code) => codeText(code, translate));
}

/** The first message of an error's detail in the user's language: from its codes, else its text. */
export function firstErrorMessage(
  payload: { detail?: ErrorDetail; codes?: ErrorCodes } | undefined,
  preferred: string[] = [],
  translate: Translate = englishTranslate,
): string | undefined {
  const code = firstCode(payload?.codes, preferred);
  return code ? codeText(code, translate) : firstDetailMessage(payload?.detail, preferred);
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
    // A detail joined into one string shows its first part, and says when there are more (03 §8).
    const parts =
      options.splitOn && typeof detail === 'string'
        ? splitDetail(detail, payload?.codes, options.splitOn, translate)
        : null;
    const first = parts ? parts[0] : firstErrorMessage(payload, options.preferredFields, translate);
    const more = parts && parts.length > 1 ? ` ${translate('errors:moreErrors', MORE_ERRORS_HINT)}` : '';
    // A caller message that is a sentence is followed by the detail as the next one, else by a colon.
    if (first) {
      const separator = /[.!?]$/.test(callerMessage) ? ' ' : ': ';
      message = `${callerMessage}${separator}${first}${more}`;
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
    items: detailItems(detail, payload?.codes, options.splitOn, translate),
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

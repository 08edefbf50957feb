import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import {
  codeToMessage,
  firstCode,
  firstDetailMessage,
  isMessageCode,
  type ErrorCodes,
  type ErrorDetail,
} from '@tagtrack/contract';
import { isApiError } from './api-client';

/** An error's codes keyed by field ({} when they are one code or a list: nothing per field). */
function codesByField(codes: ErrorCodes | undefined): Record<string, ErrorCodes> {
  return codes && typeof codes === 'object' && !Array.isArray(codes) && !isMessageCode(codes)
    ? (codes as Record<string, ErrorCodes>)
    : {};
}

/**
 * A ValidationError's first message per field, as forms carry messages (`key|name=value&…`, from
 * the error's codes; the detail's text when an answer has no codes). A detail joined into one
 * string (the event routes, 03 §8) is read from the codes, which stay keyed by field. Null for any
 * other error, and for a string detail without codes by field.
 */
export function serverFieldMessages(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || error.payload?.type !== 'ValidationError') return null;
  const { detail, codes } = error.payload;
  const fieldCodes = codesByField(codes);
  if (typeof detail === 'string') {
    const fields = Object.entries(fieldCodes);
    if (fields.length === 0) return null;
    const out: Record<string, string> = {};
    for (const [field, value] of fields) {
      const code = firstCode(value);
      if (code) out[field] = codeToMessage(code);
    }
    return out;
  }
  if (typeof detail !== 'object' || Array.isArray(detail)) return null;
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(detail as Record<string, ErrorDetail>)) {
    const code = firstCode(fieldCodes[field]);
    const message = code ? codeToMessage(code) : firstDetailMessage(value);
    if (message) out[field] = message;
  }
  return out;
}

/**
 * Puts a ValidationError's field messages on the form's fields, where the form shows them through
 * useValidationMessage. Returns true when at least one field got a message; `adapt` may reword a
 * message for a field (e.g. the generic uniqueness message on the username).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  adapt: (message: string, field: Path<T>) => string = (message) => message,
): boolean {
  const messages = serverFieldMessages(error);
  if (!messages) return false;
  let applied = false;
  for (const field of fields) {
    const message = messages[field];
    if (message) {
      setError(field, { type: 'server', message: adapt(message, field) });
      applied = true;
    }
  }
  return applied;
}

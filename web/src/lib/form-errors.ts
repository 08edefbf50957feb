import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { codeToMessage, firstCode, firstDetailMessage, type ErrorCodes, type ErrorDetail } from '@tagtrack/contract';
import { isApiError } from './api-client';

/**
 * A ValidationError's first message per field, as forms carry messages (`key|name=value&…`, from
 * the error's codes; the detail's text when an answer has no codes). Null for any other error.
 */
export function serverFieldMessages(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || error.payload?.type !== 'ValidationError') return null;
  const { detail, codes } = error.payload;
  if (typeof detail !== 'object' || Array.isArray(detail)) return null;
  const fieldCodes =
    codes && typeof codes === 'object' && !Array.isArray(codes) ? (codes as Record<string, ErrorCodes>) : {};
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

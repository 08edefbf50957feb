import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { firstDetailMessage } from '@tagtrack/contract';
import { isApiError } from './api-client';

/**
 * Puts a ValidationError's field messages on the form's fields. Returns true when at least one
 * field got a message; messages go through `translate` (server text of contract messages → user's language).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  translate: (text: string) => string,
): boolean {
  if (!isApiError(error) || error.payload?.type !== 'ValidationError') return false;
  const detail = error.payload.detail;
  if (typeof detail !== 'object' || Array.isArray(detail)) return false;
  let applied = false;
  for (const field of fields) {
    const message = firstDetailMessage(detail[field]);
    if (message) {
      setError(field, { type: 'server', message: translate(message) });
      applied = true;
    }
  }
  return applied;
}

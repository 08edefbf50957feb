import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  VALIDATION_MESSAGES,
  interpolate,
  matchEnglishMessage,
  type ImportRowError,
  type ValidationMessageKey,
} from '@tagtrack/contract';
import { isApiError } from '../../../lib/api-client';

/** Translates a contract message key with its values (`t` of the validation namespace). */
export type TranslateKey = (key: string, params: Record<string, string>) => string;

function translated(text: string, translate: TranslateKey): string | null {
  const match = matchEnglishMessage(text);
  return match ? translate(match.key, match.params) : null;
}

/**
 * A row error as the server words it, "column: English message", in the user's language. The
 * column is the file's own column name and stays as written; text that is not a contract message
 * is shown as it came.
 */
export function translateImportMessage(message: string, translate: TranslateKey): string {
  const whole = translated(message, translate);
  if (whole !== null) return whole;
  for (let at = message.indexOf(': '); at > 0; at = message.indexOf(': ', at + 1)) {
    const rest = translated(message.slice(at + 2), translate);
    if (rest !== null) return `${message.slice(0, at)}: ${rest}`;
  }
  return message;
}

const ROW_TEXT = /^Row (\d+): ([\s\S]*)$/;

/** The row errors of a refused commit: its detail lists the headline, then "Row N: message" entries. */
export function commitRowErrors(error: unknown): ImportRowError[] | null {
  if (!isApiError(error) || error.payload?.type !== 'ValidationError') return null;
  const detail = error.payload.detail;
  if (!Array.isArray(detail)) return null;
  return detail.flatMap((entry) => {
    const match = typeof entry === 'string' ? ROW_TEXT.exec(entry) : null;
    return match ? [{ row: Number(match[1]), message: match[2]! }] : [];
  });
}

/** A problem of the whole file (too large, not the template's header, no rows): detail {file: [message]}. */
export function fileProblem(error: unknown): string | null {
  if (!isApiError(error) || error.payload?.type !== 'ValidationError') return null;
  const detail = error.payload.detail;
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return null;
  const messages = (detail as Record<string, unknown>).file;
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : null;
}

/** translateImportMessage in the user's language (validation namespace; English as the fallback). */
export function useImportMessage(): (message: string) => string {
  const { t } = useTranslation('validation');
  return useCallback(
    (message: string) =>
      translateImportMessage(message, (key, params) =>
        t(key as 'requiredField', {
          ...params,
          defaultValue: interpolate(VALIDATION_MESSAGES[key as ValidationMessageKey], params),
        }),
      ),
    [t],
  );
}

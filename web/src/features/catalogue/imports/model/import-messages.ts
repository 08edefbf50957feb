import { useCallback } from 'react';
import { importRowErrorOfCode, isMessageCode, type ImportRowError } from '@tagtrack/contract';
import { isApiError } from '../../../../lib/api-client';
import { codeText, englishTranslate, type Translate } from '../../../../lib/errors';
import { serverFieldMessages } from '../../../../lib/form-errors';
import { useTranslate } from '../../../../lib/use-validation-message';

/**
 * A row problem in the user's language, "column: message": the column is the file's own name and
 * stays as written, the message comes from the problem's code and values.
 */
export function importRowMessage(error: ImportRowError, translate: Translate = englishTranslate): string {
  const text = codeText({ code: error.code, params: error.params }, translate);
  return error.column ? `${error.column}: ${text}` : text;
}

const ROW_PREFIX = /^Row \d+: /;

/**
 * The row problems of a refused commit: its codes list the headline, then one code per row
 * problem with the row and column among its values (importRowErrorCode).
 */
export function commitRowErrors(error: unknown): ImportRowError[] | null {
  if (!isApiError(error) || error.payload?.type !== 'ValidationError') return null;
  const { detail, codes } = error.payload;
  if (!Array.isArray(codes) || !Array.isArray(detail)) return null;
  return codes.flatMap((code, i) => {
    const text = detail[i];
    const row = isMessageCode(code) ? importRowErrorOfCode(code, (text ?? '').replace(ROW_PREFIX, '')) : null;
    return row ? [row] : [];
  });
}

/** A problem of the whole file (too large, not the template's header, no rows) on `file`, as a message key with values. */
export function fileProblem(error: unknown): string | null {
  return serverFieldMessages(error)?.file ?? null;
}

/** importRowMessage in the user's language. */
export function useImportRowMessage(): (error: ImportRowError) => string {
  const translate = useTranslate();
  return useCallback((error: ImportRowError) => importRowMessage(error, translate), [translate]);
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText, type Translate } from './errors';

/** The i18next translator as the error helpers take it: a key, its English fallback and its values. */
export function useTranslate(): Translate {
  const { t } = useTranslation(['common', 'validation', 'errors']);
  return useCallback<Translate>(
    (key, fallback, params) => t(key as 'loading', { ...params, defaultValue: fallback }),
    [t],
  );
}

/**
 * The one way a message reaches the user: schemas, forms and the server's codes carry message keys
 * with their values (`key` or `key|name=value&…`, contract VALIDATION_MESSAGES); this turns one into
 * the user's language. Text that is no key is shown as it is.
 */
export function useValidationMessage(): (message: string | undefined) => string {
  const translate = useTranslate();
  return useCallback((message) => (message ? messageText(message, translate) : ''), [translate]);
}

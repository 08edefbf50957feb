import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { VALIDATION_MESSAGES, interpolate, matchEnglishMessage, parseValidationMessage } from '@tagtrack/contract';

/**
 * Turns a form message into the user's language: a contract message key with its values
 * (`skuAboveMaximum|limit=15`), or the English text the server answered; other text stays as it is.
 */
export function useFormMessage(): (message: string | undefined) => string {
  const { t } = useTranslation('validation');
  return useCallback(
    (message) => {
      if (!message) return '';
      const parsed = parseValidationMessage(message) ?? matchEnglishMessage(message);
      if (!parsed) return message;
      // English as the fallback while a key is new to the locale files.
      const english = interpolate(VALIDATION_MESSAGES[parsed.key], parsed.params);
      return t(parsed.key as 'requiredField', { ...parsed.params, defaultValue: english });
    },
    [t],
  );
}

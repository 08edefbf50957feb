import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidationMessageKey } from '@tagtrack/contract';

/**
 * Schemas carry message keys (contract VALIDATION_MESSAGES); this turns one into the user's
 * language. Text that is not a key (a server message) is shown as it is.
 */
export function useValidationMessage(): (keyOrText: string | undefined) => string {
  const { t } = useTranslation('validation');
  return useCallback(
    (keyOrText) => {
      if (!keyOrText) return '';
      return isValidationMessageKey(keyOrText) ? t(keyOrText) : keyOrText;
    },
    [t],
  );
}

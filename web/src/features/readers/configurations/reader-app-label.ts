import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_READER_APP } from '@tagtrack/contract';

/** 'BradyReaderApp' is shown as 'Fixed Reader - Common' (02 §3 Reader app); other apps by name. */
export function useReaderAppLabel(): (name: string) => string {
  const { t } = useTranslation('readerConfigurations');
  return useCallback((name: string) => (name === DEFAULT_READER_APP ? t('appFixedCommon') : name), [t]);
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Encoding, EncodingMethod } from '@tagtrack/contract';

const METHOD_KEYS = {
  NID32: 'methodNid32',
  NID64: 'methodNid64',
  SGTIN96: 'methodSgtin96',
  LOOKUP: 'methodLookup',
} as const satisfies Record<EncodingMethod, string>;

/**
 * An encoding method's display name; SGTIN-96 is shown with its company prefix in brackets
 * (01 §3), wherever a method is named (settings, category, product and item forms).
 */
export function useEncodingLabel(): (encoding: Pick<Encoding, 'method' | 'metadata'>) => string {
  const { t } = useTranslation('encodings');
  return useCallback(
    (encoding) => {
      const name = t(METHOD_KEYS[encoding.method]);
      const prefix = encoding.method === 'SGTIN96' ? encoding.metadata.companyPrefix : undefined;
      return prefix ? t('withPrefix', { name, prefix }) : name;
    },
    [t],
  );
}

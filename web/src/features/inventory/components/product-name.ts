import { useTranslation } from 'react-i18next';
import { UNASSIGNED_SKU } from '@tagtrack/contract';

/** A count row's product as lists show it: its name, else its code, else its SKU; Unassigned reads Unknown. */
export function useCountRowName() {
  const { t } = useTranslation('common');
  return (row: { sku: string; name: string; product_code: string | null }) =>
    row.sku === UNASSIGNED_SKU ? t('unknownProduct') : row.name.trim() || row.product_code?.trim() || row.sku;
}

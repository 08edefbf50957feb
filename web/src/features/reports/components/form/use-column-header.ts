import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryReportField, ItemReportField } from '@tagtrack/contract';

const FIELD_LABEL: Record<ItemReportField | InventoryReportField, string> = {
  code: 'fieldCode',
  location__name: 'fieldLocationName',
  location__uuid: 'fieldLocationUuid',
  status: 'fieldStatus',
  metadata__name: 'fieldItemName',
  latest_status_update: 'fieldLatestStatusUpdate',
  created: 'fieldCreated',
  product__name: 'fieldProductName',
  product__sku: 'fieldProductSku',
  product__product_code: 'fieldProductCode',
  product__category__name: 'fieldCategoryName',
  count: 'fieldCount',
  location__parent__name: 'fieldParentLocationName',
};

/** An inventory report's own labels: its product__sku is SKU (03 §3). */
const INVENTORY_LABEL: Partial<Record<InventoryReportField, string>> = { product__sku: 'fieldSku' };

/** The translated header of a standard item (or inventory) report column (the key itself for any other). */
export function useColumnHeader(kind: 'asset' | 'inventory' = 'asset'): (key: string) => string {
  const { t } = useTranslation('reports');
  return useCallback(
    (key: string) => {
      const labels: Partial<Record<string, string>> =
        kind === 'inventory' ? { ...FIELD_LABEL, ...INVENTORY_LABEL } : FIELD_LABEL;
      const label = labels[key];
      return label ? t(label as 'fieldCode') : key;
    },
    [t, kind],
  );
}

import type { TFunction } from 'i18next';
import type { Item, Product } from '@tagtrack/contract';
import { isUnassignedSku, productLabel } from './item-form-model';
import type { EpcProduct } from '../components/use-epc-product';

type T = TFunction<readonly ['items', 'common']>;

/** What the read-only selectors show: the item's (edit) or the EPC's (add) category and product. */
export function describeProduct(
  editing: Item | null,
  product: Product | undefined,
  epcProduct: EpcProduct,
  t: T,
): { category: string; product: string } {
  if (editing) {
    if (isUnassignedSku(editing.product__sku)) return { category: t('noCategory'), product: t('unknownProduct') };
    return {
      category: editing.category__name ?? t('noCategory'),
      product: productLabel({
        name: editing.product__name,
        sku: editing.product__sku,
        product_code: editing.product__product_code,
      }),
    };
  }
  if (product) return { category: product.category__name ?? t('noCategory'), product: productLabel(product) };
  if (epcProduct.status === 'none') return { category: t('noCategory'), product: t('unknownProduct') };
  return { category: '', product: '' };
}

/** Under the EPC while adding: what it decodes to and where the item will go. */
export function epcHelper(epcProduct: EpcProduct, choosable: boolean, t: T): string {
  switch (epcProduct.status) {
    case 'empty':
      return t('epcHint');
    case 'pending':
      return t('epcDecoding');
    case 'product':
      return t('epcProduct', { sku: epcProduct.product.sku, method: epcProduct.method });
    case 'none': {
      const where = choosable ? t('epcUnassignedOrLookup') : t('epcUnassigned');
      return epcProduct.sku
        ? `${t('epcUnknownSku', { sku: epcProduct.sku, method: epcProduct.method })} ${where}`
        : `${t('epcNoSku')} ${where}`;
    }
  }
}

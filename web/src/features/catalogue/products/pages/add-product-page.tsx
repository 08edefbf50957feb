import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page-header';
import { ProductFormLoader } from '../components/product-form-loader';
import { PRODUCT_PATHS } from '../model/product-paths';

/** /admin-setting/product-management/product/add-product: the catalogue's product form (01 §2.9). */
export function AddProductPage() {
  const { t } = useTranslation(['products', 'menu']);
  return (
    <>
      <PageHeader
        title={t('addTitle')}
        subtitle={t('addSubtitle')}
        breadcrumbs={[{ label: t('menu:productManagement'), to: PRODUCT_PATHS.list }]}
      />
      <ProductFormLoader mode={{ kind: 'add', variant: 'catalogue' }} />
    </>
  );
}

/** /inventory/add-product: the inventory variant (category, name, SKU, attributes); back to /inventory. */
export function InventoryAddProductPage() {
  const { t } = useTranslation(['products', 'menu']);
  return (
    <>
      <PageHeader
        title={t('addTitle')}
        subtitle={t('addInventorySubtitle')}
        breadcrumbs={[{ label: t('menu:inventory'), to: PRODUCT_PATHS.inventory }]}
      />
      <ProductFormLoader mode={{ kind: 'add', variant: 'inventory' }} />
    </>
  );
}

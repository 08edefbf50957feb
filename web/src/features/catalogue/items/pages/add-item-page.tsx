import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader, type Crumb } from '../../../../components/page-header';
import { ItemForm } from '../components/item-form';

export const ADD_ASSET_PATH = '/add-asset';
const PRODUCT_LIST_PATH = '/admin-setting/product-management/product';

/**
 * Add an item: .../product/add-item (Product Management) and /add-asset (the Inventory menu's Add
 * Items). After a save the form stays, emptied for the next item; Cancel goes back where it came from.
 */
export function AddItemPage() {
  const { t } = useTranslation(['items', 'menu']);
  const navigate = useNavigate();
  const fromInventory = useLocation().pathname.startsWith(ADD_ASSET_PATH);
  const breadcrumbs: Crumb[] = fromInventory
    ? [{ label: t('menu:inventory') }]
    : [{ label: t('menu:productManagement'), to: PRODUCT_LIST_PATH }];

  return (
    <>
      <PageHeader title={t('addTitle')} subtitle={t('addSubtitle')} breadcrumbs={breadcrumbs} />
      <ItemForm mode={{ kind: 'add' }} onCancel={() => void navigate(fromInventory ? '/' : PRODUCT_LIST_PATH)} />
    </>
  );
}

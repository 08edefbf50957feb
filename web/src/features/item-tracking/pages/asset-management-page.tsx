import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ItemTable } from '../components/item-table';

/** Asset Management (`/asset-management`, writers): the item table with removed items and Restore. */
export function AssetManagementPage() {
  const { t } = useTranslation('tracking');
  return (
    <>
      <PageHeader title={t('assetManagementTitle')} breadcrumbs={[{ label: t('title'), to: '/' }]} />
      <ItemTable management />
    </>
  );
}

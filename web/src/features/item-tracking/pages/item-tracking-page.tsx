import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ItemTable } from '../components/item-table';

/** Item Tracking (`/`, 01 §2.2): every item with its location and status, refreshed at the chosen interval. */
export function ItemTrackingPage() {
  const { t } = useTranslation(['tracking', 'common']);
  return (
    <>
      <PageHeader title={t('title')} breadcrumbs={[{ label: t('common:appName') }]} />
      <ItemTable />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** /user-tabs/:tab (administrator): users and management groups. */
export function UserTabsPage() {
  const { t } = useTranslation(['users']);
  return <PageHeader title={t('title')} breadcrumbs={[{ label: t('title') }]} />;
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** Placeholder while the screen is being built. */
export function AssetManagementPage() {
  const { t } = useTranslation(['tracking', 'common']);
  return <PageHeader title={t('title')} breadcrumbs={[{ label: t('common:appName') }]} />;
}

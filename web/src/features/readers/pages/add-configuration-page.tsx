import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** /readers/configuration/add-configuration. */
export function AddConfigurationPage() {
  const { t } = useTranslation(['readers']);
  return <PageHeader title={t('title')} />;
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** /readers/configuration/edit-configuration/:configurationId. */
export function EditConfigurationPage() {
  const { t } = useTranslation(['readers']);
  return <PageHeader title={t('title')} />;
}

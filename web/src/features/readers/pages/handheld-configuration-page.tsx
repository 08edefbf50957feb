import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** /readers/configuration/handheld-reader. */
export function HandheldConfigurationPage() {
  const { t } = useTranslation(['readers']);
  return <PageHeader title={t('title')} />;
}

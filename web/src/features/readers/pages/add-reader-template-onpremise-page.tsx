import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** /readers/add-reader-template-onpremise: add a reader from a template on-premise. */
export function AddReaderTemplateOnPremisePage() {
  const { t } = useTranslation(['readers']);
  return <PageHeader title={t('title')} />;
}

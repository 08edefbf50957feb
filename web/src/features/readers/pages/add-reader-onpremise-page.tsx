import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** /readers/add-reader-onpremise: add a reader on-premise. */
export function AddReaderOnPremisePage() {
  const { t } = useTranslation(['readers']);
  return <PageHeader title={t('title')} />;
}

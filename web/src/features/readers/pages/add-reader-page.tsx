import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** /readers/add-reader-template: add a reader. */
export function AddReaderPage() {
  const { t } = useTranslation(['readers']);
  return <PageHeader title={t('title')} />;
}

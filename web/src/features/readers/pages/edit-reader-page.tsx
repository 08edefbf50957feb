import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** /readers/edit-reader-template/:readerId: edit a reader. */
export function EditReaderPage() {
  const { t } = useTranslation(['readers']);
  return <PageHeader title={t('title')} />;
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ReaderForm, READERS_LIST } from '../readers/components/reader-form';

/** /readers/add-reader-onpremise: add a reader on-premise, with its IP address and password. */
export function AddReaderOnPremisePage() {
  const { t } = useTranslation(['readers', 'menu']);
  return (
    <>
      <PageHeader
        title={t('addReaderTitle')}
        breadcrumbs={[
          { label: t('menu:devices'), to: READERS_LIST },
          { label: t('tabFixed'), to: READERS_LIST },
        ]}
      />
      <ReaderForm onPremise />
    </>
  );
}

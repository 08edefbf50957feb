import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import { PageHeader } from '../../../components/page-header';
import { PageProgress } from '../../../components/page-progress';
import { useInstanceSubscription } from '../../../shared/configuration/get-instance-subscription';
import { useReader } from '../api/get-reader';
import { ReaderForm, READERS_LIST } from '../readers/components/reader-form';

/** /readers/edit-reader-template/:readerId: edit a fixed reader. */
export function EditReaderPage() {
  const { t } = useTranslation(['readers', 'menu']);
  const { readerId = '' } = useParams();
  const reader = useReader(readerId);
  const subscription = useInstanceSubscription();
  return (
    <>
      <PageHeader
        title={t('editReaderTitle')}
        breadcrumbs={[
          { label: t('menu:devices'), to: READERS_LIST },
          { label: t('tabFixed'), to: READERS_LIST },
        ]}
      />
      {reader.isError ? (
        <Alert severity="error">{t('readerNotFound')}</Alert>
      ) : reader.data && subscription.data ? (
        <ReaderForm key={reader.data.uuid} reader={reader.data} onPremise={subscription.data.on_premise} />
      ) : (
        <PageProgress />
      )}
    </>
  );
}

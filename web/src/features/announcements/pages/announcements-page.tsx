import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ReleaseList } from '../components/release-list';
import { RELEASES } from '../model/releases';

/** /announcements (every role, cloud only): what each release brings, newest first. */
export function AnnouncementsPage() {
  const { t } = useTranslation(['announcements', 'common']);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} breadcrumbs={[{ label: t('common:appName') }]} />
      <ReleaseList releases={RELEASES} />
    </>
  );
}

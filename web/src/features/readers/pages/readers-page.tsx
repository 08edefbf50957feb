import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** /readers/:tab: fixed readers, handhelds and configurations. */
export function ReadersPage() {
  const { t } = useTranslation(['readers']);
  return <PageHeader title={t('title')} />;
}

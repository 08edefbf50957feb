import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ConfigurationForm } from '../configurations/configuration-form';
import { useConfigurationCrumbs } from '../configurations/configuration-page-parts';

/** /readers/configuration/handheld-reader: a configuration of type Handheld for the handheld app. */
export function HandheldConfigurationPage() {
  const { t } = useTranslation('readerConfigurations');
  const crumbs = useConfigurationCrumbs();
  return (
    <>
      <PageHeader title={t('handheldTitle')} subtitle={t('handheldSubtitle')} breadcrumbs={crumbs} />
      <ConfigurationForm mode={{ kind: 'add' }} variant="handheld" />
    </>
  );
}

import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HANDHELD_KIND } from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useConfiguration } from '../api/get-configuration';
import { ConfigurationForm } from '../configurations/configuration-form';
import {
  ConfigurationFormSkeleton,
  ConfigurationLoadAlert,
  useConfigurationCrumbs,
} from '../configurations/configuration-page-parts';

/** /readers/configuration/edit-configuration/:configurationId: a handheld configuration keeps the handheld form. */
export function EditConfigurationPage() {
  const { t } = useTranslation('readerConfigurations');
  const notify = useNotify();
  const crumbs = useConfigurationCrumbs();
  const { configurationId } = useParams();
  const id = Number(configurationId);
  const valid = Number.isInteger(id) && id > 0;
  const configuration = useConfiguration(id, { enabled: valid });
  const notFound = !valid || (isApiError(configuration.error) && configuration.error.status === 404);

  useEffect(() => {
    if (configuration.error && !notFound) notify.error(t('loadOneFailed'), configuration.error);
  }, [configuration.error, notFound, notify, t]);

  const data = configuration.data;
  return (
    <>
      <PageHeader
        title={data ? `${t('editTitle')}: ${data.name}` : t('editTitle')}
        current={t('editTitle')}
        subtitle={t('editSubtitle')}
        breadcrumbs={crumbs}
      />
      {data ? (
        // Keyed by the configuration: a fresh form when another one is opened.
        <ConfigurationForm
          key={data.id}
          mode={{ kind: 'edit', configuration: data }}
          variant={data.reader_type === HANDHELD_KIND ? 'handheld' : 'fixed'}
        />
      ) : notFound || configuration.isError ? (
        <ConfigurationLoadAlert notFound={notFound} />
      ) : (
        <ConfigurationFormSkeleton />
      )}
    </>
  );
}

import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
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

/**
 * /readers/configuration/add-configuration; with ?template={id} it is "Create configuration":
 * the form starts from that template's settings (02 §2 Routes).
 */
export function AddConfigurationPage() {
  const { t } = useTranslation('readerConfigurations');
  const notify = useNotify();
  const crumbs = useConfigurationCrumbs();
  const [params] = useSearchParams();
  const templateParam = params.get('template');
  const templateId = Number(templateParam);
  const fromTemplate = templateParam !== null;
  const valid = Number.isInteger(templateId) && templateId > 0;
  const template = useConfiguration(templateId, { enabled: fromTemplate && valid });
  const notFound = fromTemplate && (!valid || (isApiError(template.error) && template.error.status === 404));

  useEffect(() => {
    if (template.error && !notFound) notify.error(t('loadOneFailed'), template.error);
  }, [template.error, notFound, notify, t]);

  if (!fromTemplate)
    return (
      <>
        <PageHeader title={t('addTitle')} subtitle={t('addSubtitle')} breadcrumbs={crumbs} />
        <ConfigurationForm mode={{ kind: 'add' }} />
      </>
    );
  return (
    <>
      <PageHeader title={t('createTitle')} subtitle={t('createSubtitle')} breadcrumbs={crumbs} />
      {template.data ? (
        <ConfigurationForm
          key={template.data.id}
          mode={{ kind: 'fromTemplate', template: template.data }}
          variant={template.data.reader_type === HANDHELD_KIND ? 'handheld' : 'fixed'}
        />
      ) : notFound || template.isError ? (
        <ConfigurationLoadAlert notFound={notFound} />
      ) : (
        <ConfigurationFormSkeleton />
      )}
    </>
  );
}

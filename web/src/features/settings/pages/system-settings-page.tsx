import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Grid from '@mui/material/Grid';
import { useNotify } from '../../../components/feedback/use-notify';
import { PageHeader } from '../../../components/page-header';
import { useCustomer } from '../../../shared/configuration/get-customer';
import { useInstanceSubscription } from '../../../shared/configuration/get-instance-subscription';
import { useBackendVersion } from '../../../shared/configuration/get-version';
import { CompanyCard } from '../components/company-card';
import { EncodingsCard } from '../components/encodings-card';
import { OutboxCard } from '../components/outbox-card';
import { SubscriptionCard } from '../components/subscription-card';
import { TrackingCard } from '../components/tracking-card';
import { VersionsCard } from '../components/versions-card';

/** /admin-setting/system-setting (administrator): the deployment's facts, the encoding methods and the outgoing mail. */
export function SystemSettingsPage() {
  const { t } = useTranslation(['settings', 'menu']);
  const notify = useNotify();
  const customer = useCustomer();
  const subscription = useInstanceSubscription();
  const version = useBackendVersion();
  const failure = customer.error ?? subscription.error ?? version.error;

  useEffect(() => {
    if (failure) notify.error(t('loadFailed'), failure);
  }, [failure, notify, t]);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} breadcrumbs={[{ label: t('menu:settings') }]} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <CompanyCard customer={customer.data} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <SubscriptionCard subscription={subscription.data} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <VersionsCard backendVersion={version.data?.version} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <TrackingCard />
        </Grid>
        <Grid size={12}>
          <EncodingsCard />
        </Grid>
        <Grid size={12}>
          <OutboxCard />
        </Grid>
      </Grid>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/page-header';
import { useMe } from '../../../lib/auth/get-me';
import { useInstanceSubscription } from '../../../shared/configuration/get-instance-subscription';
import { AccountSummaryCard } from '../components/account-summary-card';
import { PreferencesCard } from '../components/preferences-card';
import { ProfileForm } from '../components/profile-form';

/** /profile: the user's own data, interface language and table density. */
export function ProfilePage() {
  const { t } = useTranslation(['profile', 'common']);
  const me = useMe();
  const subscription = useInstanceSubscription();
  // The shell loads the user before any page renders.
  if (!me.data) return null;

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} breadcrumbs={[{ label: t('common:account') }]} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            <AccountSummaryCard me={me.data} />
            <PreferencesCard me={me.data} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <ProfileForm key={me.data.id} me={me.data} onPremise={subscription.data?.on_premise ?? false} />
        </Grid>
      </Grid>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Extension, InstanceSubscription } from '@tagtrack/contract';
import { InfoList } from '../../../components/info-list';

const EXTENSION_KEYS = { sensor: 'extensionSensor' } as const satisfies Record<Extension, string>;

/** What the subscription includes: extensions, the deployment variant and the leaf-location limit. */
export function SubscriptionCard({ subscription }: { subscription: InstanceSubscription | undefined }) {
  const { t } = useTranslation('settings');
  const loading = <Skeleton width={100} />;
  const limit = subscription?.limits.leaf_locations;

  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={t('subscription')} />
      <CardContent sx={{ pt: 1 }}>
        <InfoList
          items={[
            {
              label: t('extensions'),
              testId: 'settings-extensions',
              value: !subscription ? (
                loading
              ) : subscription.extension.length > 0 ? (
                <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {subscription.extension.map((extension) => (
                    <Chip key={extension} size="small" color="secondary" label={t(EXTENSION_KEYS[extension])} />
                  ))}
                </Stack>
              ) : (
                <Typography component="span" variant="body2" color="text.secondary">
                  {t('noExtensions')}
                </Typography>
              ),
            },
            {
              label: t('deployment'),
              testId: 'settings-deployment',
              value: !subscription ? loading : subscription.on_premise ? t('onPremise') : t('cloud'),
            },
            {
              label: t('leafLocationLimit'),
              testId: 'settings-leaf-location-limit',
              value: !subscription
                ? loading
                : limit === null || limit === undefined
                  ? t('unlimited')
                  : limit.toLocaleString(),
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import { FRONTEND_VERSION } from '@tagtrack/contract';
import { InfoList } from '../../../components/info-list';

/** Backend and front-end versions. */
export function VersionsCard({ backendVersion }: { backendVersion: string | undefined }) {
  const { t } = useTranslation('settings');
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={t('versions')} />
      <CardContent sx={{ pt: 1 }}>
        <InfoList
          items={[
            {
              label: t('backendVersion'),
              value: backendVersion ?? <Skeleton width={80} />,
              testId: 'settings-backend-version',
            },
            { label: t('frontendVersion'), value: FRONTEND_VERSION, testId: 'settings-frontend-version' },
          ]}
        />
      </CardContent>
    </Card>
  );
}

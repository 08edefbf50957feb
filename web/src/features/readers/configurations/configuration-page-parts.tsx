import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Crumb } from '../../../components/page-header';
import { CONFIGURATION_PATHS } from './configuration-paths';

/** Breadcrumb trail of the configuration pages: Configuration › (the page). */
export function useConfigurationCrumbs(): Crumb[] {
  const { t } = useTranslation('readerConfigurations');
  return [{ label: t('breadcrumbConfiguration'), to: CONFIGURATION_PATHS.list }];
}

export function ConfigurationFormSkeleton() {
  return (
    <Stack spacing={3} aria-hidden data-testid="configuration-form-loading">
      {[180, 260].map((height) => (
        <Card key={height}>
          <CardContent>
            <Skeleton width={160} height={28} sx={{ mb: 2 }} />
            <Skeleton variant="rounded" height={height} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** A configuration that could not be loaded: missing (404) or failed. */
export function ConfigurationLoadAlert({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation('readerConfigurations');
  return (
    <Alert
      severity={notFound ? 'warning' : 'error'}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={CONFIGURATION_PATHS.list}>
          {t('backToList')}
        </Button>
      }
    >
      {notFound ? t('notFound') : t('loadOneFailed')}
    </Alert>
  );
}

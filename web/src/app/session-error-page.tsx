import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { signOut } from '../lib/auth/sign-out';
import { mapError } from '../lib/errors';
import { useTranslate } from '../lib/use-validation-message';
import { PublicLayout } from './layout/public-layout';

/** The session could not be loaded (server down, unexpected answer): retry or sign out. */
export function SessionErrorPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslate();
  const mapped = mapError(t('sessionLoadFailed'), error, { translate });
  return (
    <PublicLayout>
      <Alert
        severity="error"
        variant="outlined"
        sx={{ maxWidth: 520, bgcolor: 'background.paper' }}
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('retry')}
            </Button>
            <Button color="inherit" size="small" onClick={() => signOut('user')}>
              {t('menuLogout')}
            </Button>
          </Stack>
        }
      >
        <AlertTitle>{mapped.message}</AlertTitle>
        {mapped.typeMessage}
      </Alert>
    </PublicLayout>
  );
}

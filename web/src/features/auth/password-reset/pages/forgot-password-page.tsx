import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../../../lib/api-client';
import { useBackendVersion } from '../../../../shared/configuration/get-version';
import { formatTimestamp } from '../../../../lib/format-timestamp';
import { AuthCard } from '../../components/auth-card';
import { usePasswordResetLink } from '../api/get-password-reset-link';
import { BackToSignIn } from '../components/back-to-sign-in';
import { SetPasswordForm } from '../components/set-password-form';
import { useDocumentTitle } from '../components/use-document-title';
import { resetRequestPath } from '../password-reset-paths';

/** The link cannot be used (unknown, used or expired): say so and offer a new one. */
function InvalidLink() {
  const { t } = useTranslation('passwordReset');
  const version = useBackendVersion();
  return (
    <AuthCard title={t('linkTitle')} testId="password-reset-invalid">
      <Stack spacing={3}>
        <Alert severity="warning">{t('linkInvalid')}</Alert>
        <Button
          component={RouterLink}
          to={resetRequestPath(version.data?.on_premise ?? false)}
          variant="contained"
          size="large"
          data-testid="request-new-link"
        >
          {t('requestNewLink')}
        </Button>
        <BackToSignIn />
      </Stack>
    </AuthCard>
  );
}

/** /forgot-password/:uuid: checks the reset link, then sets a new password through it. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['passwordReset', 'common']);
  const { uuid = '' } = useParams();
  const link = usePasswordResetLink(uuid);
  useDocumentTitle(t('setTitleShort'));

  if (link.isPending)
    return (
      <AuthCard title={t('linkTitle')} testId="password-reset-checking">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 2 }}>
          <CircularProgress size={24} aria-label={t('linkChecking')} />
          <Typography color="text.secondary">{t('linkChecking')}</Typography>
        </Box>
      </AuthCard>
    );

  if (link.isError) {
    if (isApiError(link.error) && link.error.status === 404) return <InvalidLink />;
    return (
      <AuthCard title={t('linkTitle')} testId="password-reset-check-failed">
        <Stack spacing={3}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void link.refetch()}>
                {t('common:retry')}
              </Button>
            }
          >
            {t('linkCheckFailed')}
          </Alert>
          <BackToSignIn />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('setTitle', { username: link.data.username })}
      subtitle={t('linkValidUntil', { time: formatTimestamp(link.data.expires_at) })}
      testId="password-reset-set"
    >
      <SetPasswordForm linkId={uuid} username={link.data.username} onLinkGone={() => void link.refetch()} />
    </AuthCard>
  );
}

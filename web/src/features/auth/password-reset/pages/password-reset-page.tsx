import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';

/** /password-reset (cloud): request a reset link by e-mail. */
export function PasswordResetPage() {
  const { t } = useTranslation(['passwordReset']);
  return <Typography variant="h1">{t('title')}</Typography>;
}

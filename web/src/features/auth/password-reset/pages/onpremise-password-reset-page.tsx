import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';

/** /password-reset-onpremise: ask for a password reset on an on-premise install. */
export function OnPremisePasswordResetPage() {
  const { t } = useTranslation(['passwordReset']);
  return <Typography variant="h1">{t('title')}</Typography>;
}

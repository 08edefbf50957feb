import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';

/** /forgot-password/:uuid: set a new password through a reset link. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['passwordReset']);
  return <Typography variant="h1">{t('title')}</Typography>;
}

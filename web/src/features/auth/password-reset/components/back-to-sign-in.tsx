import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { PASSWORD_RESET_PATHS } from '../password-reset-paths';

/** The way back from a password page to /login. */
export function BackToSignIn({ variant = 'text' }: { variant?: 'text' | 'contained' | 'outlined' }) {
  const { t } = useTranslation('passwordReset');
  return (
    <Button
      component={RouterLink}
      to={PASSWORD_RESET_PATHS.login}
      variant={variant}
      startIcon={<ArrowBackIcon />}
      data-testid="back-to-sign-in"
    >
      {t('backToSignIn')}
    </Button>
  );
}

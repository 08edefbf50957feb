import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { useSetupMode } from '../api/get-setup-mode';

/**
 * The console banner (01 §2.4, 02 §2 Banner) for every signed-in role while any fixed reader of the
 * customer is in setup mode: its locations do not report yet.
 */
export function SetupModeBanner() {
  const { t } = useTranslation('readers');
  const setupMode = useSetupMode();
  if (!setupMode.data?.active) return null;
  return (
    <Alert severity="info" variant="filled" sx={{ mb: 3 }} data-testid="setup-mode-banner">
      {t('banner')}
    </Alert>
  );
}

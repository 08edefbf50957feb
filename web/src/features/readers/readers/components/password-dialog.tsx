import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../../components/form-dialog';

/** The on-premise re-initialise dialog: the reader's new password (passwordRequiredOnPrem). */
export function PasswordDialog({
  open,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onConfirm: (password: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['readers', 'common', 'validation']);
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && password === '';
  return (
    <FormDialog
      open={open}
      dirty={password !== ''}
      busy={busy}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="reader-password-title"
      data-testid="reader-password-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (password !== '') onConfirm(password);
        }}
      >
        <DialogTitle id="reader-password-title">{t('reinitializeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('reinitializePasswordText')}</DialogContentText>
          <TextField
            type="password"
            label={t('fieldPassword')}
            required
            fullWidth
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={missing}
            helperText={missing ? t('validation:passwordRequiredOnPrem') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'reader-password-input' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} data-testid="reader-password-confirm">
            {t('reinitialize')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}

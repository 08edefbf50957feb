import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { Reader } from '@tagtrack/contract';

/**
 * The setup-mode alert (02 §4): setup mode of these readers has run out. 'Yes, Continue' gives them
 * 30 minutes more; 'No, Disable Setup Mode' returns them to normal.
 */
export function SetupExpiryDialog({
  open,
  readers,
  busy,
  onContinue,
  onDisable,
  onClose,
}: {
  open: boolean;
  readers: readonly Reader[];
  busy: boolean;
  onContinue: () => void;
  onDisable: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('readers');
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="setup-expiry-title"
      data-testid="setup-expiry-dialog"
    >
      <DialogTitle id="setup-expiry-title">{t('setupExpiredTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('setupExpiredText')}</DialogContentText>
        <List dense>
          {readers.map((reader) => (
            <ListItem key={reader.uuid} disableGutters data-testid="setup-expired-reader">
              <ListItemText primary={reader.serial} secondary={reader.name || undefined} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onDisable} disabled={busy} data-testid="setup-expiry-disable">
          {t('setupDisable')}
        </Button>
        <Button variant="contained" onClick={onContinue} loading={busy} data-testid="setup-expiry-continue">
          {t('setupContinue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

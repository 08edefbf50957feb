import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface YesNoDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Label of the confirming button (default Yes). */
  confirmLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

/** The product forms' questions (leave, save, delete), answered Yes or No. */
export function YesNoDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive = false,
  busy = false,
  onConfirm,
  onClose,
  testId,
}: YesNoDialogProps) {
  const { t } = useTranslation('products');
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${testId}-title`}
      aria-describedby={`${testId}-text`}
      data-testid={testId}
    >
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${testId}-text`}>{children}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy} data-testid={`${testId}-no`}>
          {t('no')}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          loading={busy}
          data-testid={`${testId}-yes`}
        >
          {confirmLabel ?? t('yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export type CategoryDialog = 'leave' | 'edit' | 'encoding' | 'delete';

interface CategoryFormDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  destructive?: boolean;
  busy?: boolean;
  testId: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** The category form's questions: leave without finishing, the edit and encoding warnings, delete. */
export function CategoryFormDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  destructive = false,
  busy = false,
  testId,
  onConfirm,
  onClose,
}: CategoryFormDialogProps) {
  const titleId = `${testId}-title`;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          loading={busy}
          data-testid={`${testId}-confirm`}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The leave confirmation (01 §2.6): Yes leaves, No stays. */
export function LeaveDialog({
  open,
  editing,
  onLeave,
  onStay,
}: {
  open: boolean;
  editing: boolean;
  onLeave: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation('categories');
  return (
    <CategoryFormDialog
      open={open}
      title={t('leaveTitle')}
      body={editing ? t('leaveBodyEdit') : t('leaveBodyAdd')}
      confirmLabel={t('yes')}
      cancelLabel={t('no')}
      testId="category-leave-dialog"
      onConfirm={onLeave}
      onClose={onStay}
    />
  );
}

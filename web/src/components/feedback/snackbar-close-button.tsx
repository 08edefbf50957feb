import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import type { SnackbarKey } from 'notistack';
import { useSnackbars } from './snackbar-provider';

/** The × of every snackbar. */
export function SnackbarCloseButton({ id }: { id: SnackbarKey }) {
  const { t } = useTranslation();
  const snackbars = useSnackbars();
  return (
    <IconButton size="small" color="inherit" aria-label={t('close')} onClick={() => snackbars?.close(id)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Covers the screen during a long operation so it cannot be started twice. */
export function LoadingOverlay({ open, label }: { open: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <Backdrop open={open} sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, color: '#fff' })}>
      <Stack spacing={2} role="status" aria-live="polite" sx={{ alignItems: 'center' }}>
        <CircularProgress color="inherit" />
        <Typography>{label ?? t('loading')}</Typography>
      </Stack>
    </Backdrop>
  );
}

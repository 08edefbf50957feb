import type { ReactNode } from 'react';
import { MaterialDesignContent, SnackbarProvider as NotistackProvider, closeSnackbar } from 'notistack';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { MAX_SNACKBARS, SNACKBAR_DURATION_MS } from '@tagtrack/contract';
import { useTranslation } from 'react-i18next';

const Content = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent': {
    whiteSpace: 'pre-line',
    borderRadius: 10,
    fontFamily: theme.typography.fontFamily,
    fontSize: '0.875rem',
    lineHeight: 1.45,
    maxWidth: 520,
    boxShadow: '0 8px 24px rgba(16, 24, 40, 0.18)',
  },
  '&.notistack-MuiContent-success': { backgroundColor: '#1e7d55' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b42318' },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.primary.main },
}));

function CloseButton({ id }: { id: string | number }) {
  const { t } = useTranslation();
  return (
    <IconButton size="small" color="inherit" aria-label={t('close')} onClick={() => closeSnackbar(id)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** Snackbars (spec 01 §8–9): at most 3, 10 s by default, duplicates suppressed. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  return (
    <NotistackProvider
      maxSnack={MAX_SNACKBARS}
      autoHideDuration={SNACKBAR_DURATION_MS}
      preventDuplicate
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      Components={{ default: Content, success: Content, error: Content, info: Content, warning: Content }}
      action={(id) => <CloseButton id={id} />}
    >
      {children}
    </NotistackProvider>
  );
}

export { CloseButton as SnackbarCloseButton };

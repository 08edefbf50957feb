import { useEffect } from 'react';
import { MaterialDesignContent, SnackbarProvider as NotistackProvider, useSnackbar, type SnackbarKey } from 'notistack';
import { styled } from '@mui/material/styles';
import { MAX_SNACKBARS, SNACKBAR_SHORT_MS } from '@tagtrack/contract';
import { SnackbarCloseButton } from './snackbar-close-button';
import type { SnackbarHostApi } from './snackbar-provider';

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

/** Hands notistack's functions to the provider once they exist (inside notistack's own provider). */
function Attach({ onReady }: { onReady: (api: SnackbarHostApi) => void }) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  useEffect(
    () => onReady({ enqueue: enqueueSnackbar, close: closeSnackbar }),
    [onReady, enqueueSnackbar, closeSnackbar],
  );
  return null;
}

/** notistack, configured as the console shows snackbars; SnackbarProvider renders it when first needed. */
export function SnackbarHost({
  onReady,
  onClose,
}: {
  onReady: (api: SnackbarHostApi) => void;
  onClose: (key: SnackbarKey | undefined) => void;
}) {
  return (
    <NotistackProvider
      maxSnack={MAX_SNACKBARS}
      autoHideDuration={SNACKBAR_SHORT_MS}
      onClose={(_event, _reason, key) => onClose(key)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      Components={{ default: Content, success: Content, error: Content, info: Content, warning: Content }}
      action={(id) => <SnackbarCloseButton id={id} />}
    >
      <Attach onReady={onReady} />
    </NotistackProvider>
  );
}

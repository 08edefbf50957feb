import { createContext, useContext, useState, type ReactNode } from 'react';
import {
  MaterialDesignContent,
  SnackbarProvider as NotistackProvider,
  closeSnackbar,
  type SnackbarKey,
} from 'notistack';
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

/**
 * The messages of the snackbars showing or waiting, by key. A duplicate is judged against these only:
 * notistack's own `preventDuplicate` also counts a snackbar on its way out, so the same message sent
 * again while the last one faded (a second user created, say) was swallowed and nothing showed.
 */
export interface ShownSnackbars {
  /** Whether that message is showing or waiting; if not, `add` it under the key it is enqueued with. */
  has: (message: string) => boolean;
  add: (key: SnackbarKey, message: string) => void;
}

const ShownContext = createContext<ShownSnackbars | null>(null);

/** The snackbars showing under the nearest provider (null outside one: nothing is then suppressed). */
export function useShownSnackbars(): ShownSnackbars | null {
  return useContext(ShownContext);
}

/** One registry per provider; `forget` takes the key notistack closes (none: it closes them all). */
function createShownRegistry(): [ShownSnackbars, (key: SnackbarKey | undefined) => void] {
  const shown = new Map<SnackbarKey, string>();
  return [
    {
      has: (message) => [...shown.values()].includes(message),
      add: (key, message) => void shown.set(key, message),
    },
    (key) => (key === undefined ? shown.clear() : void shown.delete(key)),
  ];
}

/** Snackbars (spec 01 §8–9): at most 3, 10 s by default, duplicates of one still showing suppressed. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [[shown, forget]] = useState(createShownRegistry);
  return (
    <ShownContext.Provider value={shown}>
      <NotistackProvider
        maxSnack={MAX_SNACKBARS}
        autoHideDuration={SNACKBAR_DURATION_MS}
        onClose={(_event, _reason, key) => forget(key)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        Components={{ default: Content, success: Content, error: Content, info: Content, warning: Content }}
        action={(id) => <CloseButton id={id} />}
      >
        {children}
      </NotistackProvider>
    </ShownContext.Provider>
  );
}

export { CloseButton as SnackbarCloseButton };

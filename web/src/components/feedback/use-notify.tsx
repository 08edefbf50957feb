import { useMemo } from 'react';
import type { OptionsObject } from 'notistack';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SNACKBAR_SHORT_MS } from '@tagtrack/contract';
import { useClientStore } from '../../lib/client-store';
import { useErrorReportStore } from '../../lib/error-report-store';
import { mapError, type MapErrorOptions, type MappedError } from '../../lib/errors';
import { useTranslate } from '../../lib/use-validation-message';
import { SnackbarCloseButton } from './snackbar-close-button';
import { useSnackbars } from './snackbar-provider';

export interface NotifyErrorOptions extends Omit<MapErrorOptions, 'translate'> {
  /** Offer the Report button (default: yes, when signed in: reports need a session). */
  report?: boolean;
  /** How long it shows: 3 s, or 10 s for the ones the spec names (03 §8–9: the category list's load). */
  duration?: number;
}

export interface Notify {
  success: (message: string, options?: { duration?: number }) => void;
  info: (message: string, options?: { duration?: number }) => void;
  /** Shows the caller's message plus the error type's message, with a Report button. */
  error: (message: string, error?: unknown, options?: NotifyErrorOptions) => MappedError;
}

/** The one way screens tell the user what happened. */
export function useNotify(): Notify {
  const snackbars = useSnackbars();
  const { t } = useTranslation(['common', 'errors']);
  const translate = useTranslate();
  const openReport = useErrorReportStore((s) => s.open);

  return useMemo<Notify>(() => {
    /** Shows the message unless the same one is showing or waiting already. */
    const enqueue = (message: string, options: OptionsObject) => snackbars?.show(message, options);
    return {
      success: (message, options) =>
        enqueue(message, { variant: 'success', autoHideDuration: options?.duration ?? SNACKBAR_SHORT_MS }),
      info: (message, options) =>
        enqueue(message, { variant: 'info', autoHideDuration: options?.duration ?? SNACKBAR_SHORT_MS }),
      error: (message, error, options = {}) => {
        const { report, duration, ...mapOptions } = options;
        const mapped = mapError(message, error, { ...mapOptions, translate });
        const signedIn = useClientStore.getState().access !== null;
        const withReport = (report ?? true) && signedIn;
        enqueue(mapped.text, {
          variant: 'error',
          autoHideDuration: duration ?? SNACKBAR_SHORT_MS,
          action: (id) => (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              {withReport && (
                <Button
                  size="small"
                  color="inherit"
                  variant="outlined"
                  data-testid="error-report-button"
                  sx={{ borderColor: 'rgba(255,255,255,0.6)', py: 0.25 }}
                  onClick={() => {
                    openReport(mapped);
                    snackbars?.close(id);
                  }}
                >
                  {t('errors:report')}
                </Button>
              )}
              <SnackbarCloseButton id={id} />
            </Stack>
          ),
        });
        return mapped;
      },
    };
  }, [snackbars, openReport, t, translate]);
}

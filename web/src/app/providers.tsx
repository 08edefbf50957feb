import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ErrorReportHost } from '../components/feedback/error-report-host';
import { SnackbarProvider } from '../components/feedback/snackbar-provider';
import { PageProgress } from '../components/page-progress';
import { queryClient as appQueryClient } from '../lib/query-client';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@tagtrack/contract';
import { themeFor } from './theme';

/**
 * Theme, data cache, snackbars and the error report dialog; the router goes inside. The theme
 * follows the interface language, so MUI's own texts switch with it.
 */
export function AppProviders({ children, client = appQueryClient }: { children: ReactNode; client?: QueryClient }) {
  // No suspense here: the Suspense boundary is below, and a language switch must not blank the app.
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const language = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const theme = useMemo(() => themeFor(language), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <Suspense fallback={<PageProgress />}>
            {children}
            <ErrorReportHost />
          </Suspense>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

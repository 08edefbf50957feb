import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ErrorReportDialog } from '../components/feedback/error-report-dialog';
import { SnackbarProvider } from '../components/feedback/snackbar-provider';
import { PageProgress } from '../components/page-progress';
import { queryClient as appQueryClient } from '../lib/query-client';
import { theme } from './theme';

/** Theme, data cache, snackbars and the error report dialog; the router goes inside. */
export function AppProviders({ children, client = appQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <Suspense fallback={<PageProgress />}>
            {children}
            <ErrorReportDialog />
          </Suspense>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { UnsavedChangesHost } from '../components/use-unsaved-changes-guard';
import { watchOtherTabs } from '../lib/auth/sign-out';
import { ErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * A data router (so a form with unsaved changes can hold up a navigation) with one catch-all
 * route: the console's own routes are built by AppRoutes from the contract's route table.
 */
function createConsoleRouter() {
  return createBrowserRouter([
    {
      path: '*',
      element: (
        <ErrorBoundary>
          <AppRoutes />
          <UnsavedChangesHost />
        </ErrorBoundary>
      ),
    },
  ]);
}

export function App() {
  const [router] = useState(createConsoleRouter);
  useEffect(() => watchOtherTabs(), []);
  return (
    <ErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  );
}

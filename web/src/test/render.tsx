import { useState, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type InitialEntry } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { UnsavedChangesHost } from '../components/use-unsaved-changes-guard';

/**
 * A data router in memory (as the app's, with the unsaved-changes guard) whose one catch-all
 * route renders `ui`; `ui` may hold its own `<Routes>`.
 */
export function TestRouter({ ui, path = '/' }: { ui: ReactElement; path?: InitialEntry }) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              {ui}
              <UnsavedChangesHost />
            </>
          ),
        },
      ],
      { initialEntries: [path] },
    ),
  );
  return <RouterProvider router={router} />;
}

/** A fresh query cache that retries nothing, so a refused request shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders `ui`, which brings its own router, inside the app's providers with a fresh query cache:
 * the one way a feature's test reaches app/ (features import nothing from it).
 */
export function renderInAppProviders(ui: ReactElement) {
  return render(<AppProviders client={testQueryClient()}>{ui}</AppProviders>);
}

/** Renders inside the app's providers and a memory data router, with a fresh query cache. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: InitialEntry } = {}) {
  const client = testQueryClient();
  return {
    client,
    ...render(
      <AppProviders client={client}>
        <TestRouter ui={ui} path={path} />
      </AppProviders>,
    ),
  };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, READER_REFRESH_MS, SetupModeSummarySchema } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { useIsSignedIn } from '../../../lib/client-store';
import { queryKeys } from '../../../lib/query-keys';

/** GET /configuration/reader/setup-mode/ → {active, readers}: any signed-in user, for the banner. */
export function getSetupMode(signal?: AbortSignal) {
  return api.get(API_ROUTES.readerSetupMode.url, { schema: SetupModeSummarySchema, signal });
}

export const setupModeQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.readers.setupMode(), queryFn: ({ signal }) => getSetupMode(signal) });

/** Polled every 4 s, and only while the page is visible (TanStack Query pauses hidden tabs). */
export function useSetupMode() {
  const signedIn = useIsSignedIn();
  return useQuery({
    ...setupModeQueryOptions(),
    enabled: signedIn,
    refetchInterval: READER_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

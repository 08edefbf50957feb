import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, EncodingListSchema, type EncodingList } from '@tagtrack/contract';
import { api } from '../../lib/api';
import { useIsSignedIn } from '../../lib/client-store';
import { queryKeys } from '../../lib/query-keys';

/** GET /master-data/encoding/: the customer's four methods, ordered NID32, NID64, SGTIN96, LOOKUP. */
export function getEncodings(signal?: AbortSignal): Promise<EncodingList> {
  return api.get(API_ROUTES.encodingList.url, { schema: EncodingListSchema, signal });
}

export const encodingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.encodings.list(),
    queryFn: ({ signal }) => getEncodings(signal),
    staleTime: 60_000,
  });

/** The encoding methods (products, items, categories and the settings card share them). */
export function useEncodings() {
  const signedIn = useIsSignedIn();
  return useQuery({ ...encodingsQueryOptions(), enabled: signedIn });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

const FetchDetailSchema = z.object({ detail: z.string() });

/** GET /configuration/reader-application/most_recent/fetch_updates/: the gateway reloads the reader apps. */
export function fetchReaderApps(): Promise<{ detail: string }> {
  return api.get(API_ROUTES.readerAppFetch.url, { schema: FetchDetailSchema });
}

export function useFetchReaderApps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchReaderApps,
    onSuccess: () => invalidateAfter(queryClient, 'readerApps'),
  });
}

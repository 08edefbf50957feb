import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

const FetchDetailSchema = z.object({ detail: z.string() });

/** GET /configuration/reader-kind/fetch_updates/: the gateway reloads the reader types. */
export function fetchReaderKinds(): Promise<{ detail: string }> {
  return api.get(API_ROUTES.readerKindFetch.url, { schema: FetchDetailSchema });
}

export function useFetchReaderKinds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchReaderKinds,
    onSuccess: () => invalidateAfter(queryClient, 'readerKinds'),
  });
}

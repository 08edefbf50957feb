import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, ReaderCredentialsSchema } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

const InitializedReaderSchema = ReaderCredentialsSchema.extend({ secret: z.string().optional() });

/**
 * POST /configuration/reader-initialization/: issues the reader a new secret (on-premise: the
 * password given) → {uuid, serial, secret}; the old secret stops working.
 */
export function initializeReader(input: { uuid: string; password?: string }) {
  return api.post(API_ROUTES.readerInitialization.url, input, { schema: InitializedReaderSchema });
}

export function useInitializeReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initializeReader,
    onSuccess: () => invalidateAfter(queryClient, 'readers'),
  });
}

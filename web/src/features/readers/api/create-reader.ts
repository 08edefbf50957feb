import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, ReaderCredentialsSchema, type ReaderCreate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** On-premise the password given is the secret: the answer may carry no secret of its own. */
const CreatedReaderSchema = ReaderCredentialsSchema.extend({ secret: z.string().optional() });
export type CreatedReader = z.infer<typeof CreatedReaderSchema>;

/**
 * POST /configuration/reader/ (cloud) or /configuration/reader-onprem-initialization/ (on-premise,
 * with ip_address and password) → the new reader's uuid, serial and, in the cloud, its secret, once.
 */
export function createReader({
  input,
  onPremise,
}: {
  input: ReaderCreate;
  onPremise: boolean;
}): Promise<CreatedReader> {
  const url = onPremise ? API_ROUTES.readerOnpremInitialization.url : API_ROUTES.readerCreate.url;
  return api.post(url, input, { schema: CreatedReaderSchema });
}

export function useCreateReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReader,
    onSuccess: () => invalidateAfter(queryClient, 'readers'),
  });
}

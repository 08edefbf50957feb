import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, ReaderCredentialsSchema, type ReaderCreate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

const CreatedHandheldSchema = ReaderCredentialsSchema.extend({ secret: z.string().optional() });

/**
 * POST /configuration/handheld-reader-onprem-initialization/ (on-premise): registers the handheld
 * at the validated address with the password given → {uuid, serial}.
 */
export function initializeHandheldOnPremise(input: ReaderCreate) {
  return api.post(API_ROUTES.handheldOnpremInitialization.url, input, { schema: CreatedHandheldSchema });
}

export function useInitializeHandheldOnPremise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initializeHandheldOnPremise,
    onSuccess: () => invalidateAfter(queryClient, 'readers'),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type ReaderAssignment } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /configuration/reader-assignment/: the reader's configurations become exactly these (empty: none). */
export function assignConfigurations(input: ReaderAssignment): Promise<unknown> {
  return api.post(API_ROUTES.readerAssignment.url, input);
}

export function useAssignConfigurations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignConfigurations,
    onSuccess: () => invalidateAfter(queryClient, 'readerConfigurations'),
  });
}

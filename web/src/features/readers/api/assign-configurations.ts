import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type ReaderAssignment } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { configurationKeys, readerKeys } from './reader-keys';

/** POST /configuration/reader-assignment/: the reader's configurations become exactly these (empty: none). */
export function assignConfigurations(input: ReaderAssignment): Promise<unknown> {
  return api.post(API_ROUTES.readerAssignment.url, input);
}

export function useAssignConfigurations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignConfigurations,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: readerKeys.all }),
        queryClient.invalidateQueries({ queryKey: configurationKeys.all }),
      ]),
  });
}

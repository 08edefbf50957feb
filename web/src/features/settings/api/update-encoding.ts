import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, EncodingListSchema, apiPath, type EncodingList, type EncodingUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter, queryKeys } from '../../../lib/query-keys';

/** PATCH /master-data/encoding/{id}/ {disabled?, default?, metadata?}: answers with the whole list. */
export function updateEncoding({ id, changes }: { id: number; changes: EncodingUpdate }): Promise<EncodingList> {
  return api.patch(apiPath(API_ROUTES.encodingUpdate.url, { id }), changes, { schema: EncodingListSchema });
}

export function useUpdateEncoding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEncoding,
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.encodings.list(), list);
      // Other views resolve effective encodings from it (products, items): refresh them too.
      return invalidateAfter(queryClient, 'encodings');
    },
  });
}

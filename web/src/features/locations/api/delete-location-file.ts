import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** DELETE /configuration/location/{uuid}/files/{pk}/force_delete/ (a floor plan image goes, its shapes stay). */
export function deleteLocationFile({ uuid, pk }: { uuid: string; pk: number }): Promise<void> {
  return api.delete(apiPath(API_ROUTES.locationFileDelete.url, { id: uuid, pk }));
}

export function useDeleteLocationFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocationFile,
    onSuccess: () => invalidateAfter(queryClient, 'locationFiles'),
  });
}

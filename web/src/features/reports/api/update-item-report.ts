import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ItemReportSchema, apiPath, type ItemReport, type ItemReportUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** PATCH /report/realtime/{id}/ → the report as saved: what is sent is changed. */
export function updateItemReport({ id, changes }: { id: number; changes: ItemReportUpdate }): Promise<ItemReport> {
  return api.patch(apiPath(API_ROUTES.itemReportUpdate.url, { id }), changes, { schema: ItemReportSchema });
}

export function useUpdateItemReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItemReport,
    // The list, this report's page and its results (its filters and columns changed).
    onSuccess: () => invalidateAfter(queryClient, 'reports'),
  });
}

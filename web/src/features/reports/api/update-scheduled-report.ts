import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  InventoryReportSchema,
  apiPath,
  type InventoryReport,
  type InventoryReportUpdate,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** PATCH /report/scheduled/{id}/ → the report as saved: what is sent is changed. */
export function updateScheduledReport({
  id,
  changes,
}: {
  id: number;
  changes: InventoryReportUpdate;
}): Promise<InventoryReport> {
  return api.patch(apiPath(API_ROUTES.scheduledReportUpdate.url, { id }), changes, { schema: InventoryReportSchema });
}

export function useUpdateScheduledReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScheduledReport,
    // The list, this report's page and its history (its schedule, filters and columns changed).
    onSuccess: () => invalidateAfter(queryClient, 'reports'),
  });
}

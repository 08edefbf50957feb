import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  InventoryReportSchema,
  type InventoryReport,
  type InventoryReportCreate,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /report/scheduled/ → 201 the new scheduled inventory report (400 with codes per field, e.g. reportNameTaken). */
export function createScheduledReport(input: InventoryReportCreate): Promise<InventoryReport> {
  return api.post(API_ROUTES.scheduledReportCreate.url, input, { schema: InventoryReportSchema });
}

export function useCreateScheduledReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScheduledReport,
    onSuccess: () => invalidateAfter(queryClient, 'reports'),
  });
}

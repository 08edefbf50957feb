import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ItemReportSchema, type ItemReport, type ItemReportCreate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /report/realtime/ → 201 the new item report (400 with codes per field, e.g. reportNameTaken). */
export function createItemReport(input: ItemReportCreate): Promise<ItemReport> {
  return api.post(API_ROUTES.itemReportCreate.url, input, { schema: ItemReportSchema });
}

export function useCreateItemReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItemReport,
    onSuccess: () => invalidateAfter(queryClient, 'reports'),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath, type ReportType } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter, keyStartsWith, queryKeys } from '../../../lib/query-keys';

export interface ReportRef {
  kind: ReportType;
  id: number;
}

/** DELETE /report/realtime/{id}/ or /report/scheduled/{id}/ → 204 (a scheduled report's runs and files go with it). */
export function deleteReport({ kind, id }: ReportRef): Promise<void> {
  const route = kind === 'asset' ? API_ROUTES.itemReportDelete : API_ROUTES.scheduledReportDelete;
  return api.delete(apiPath(route.url, { id }));
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    // The lists refresh; what showed the deleted report would only fail now.
    onSuccess: (_nothing, { kind, id }) =>
      invalidateAfter(
        queryClient,
        'reports',
        (query) =>
          keyStartsWith(query, queryKeys.reports.detail(kind, id)) ||
          (kind === 'asset' && keyStartsWith(query, queryKeys.reports.results(id))) ||
          (kind === 'inventory' && keyStartsWith(query, queryKeys.reports.runs(id))),
      ),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, InventoryReportSchema, apiPath, type InventoryReport } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /report/scheduled/{id}/ → the scheduled report, with its schedule, next and last run. */
export function getScheduledReport(id: number, signal?: AbortSignal): Promise<InventoryReport> {
  return api.get(apiPath(API_ROUTES.scheduledReportGet.url, { id }), { schema: InventoryReportSchema, signal });
}

export const scheduledReportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.reports.detail('inventory', id),
    queryFn: ({ signal }) => getScheduledReport(id, signal),
  });

export function useScheduledReport(id: number, enabled = true) {
  return useQuery({ ...scheduledReportQueryOptions(id), enabled });
}

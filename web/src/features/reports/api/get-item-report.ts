import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ItemReportSchema, apiPath, type ItemReport } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /report/realtime/{id}/ → the item report, with its columns (report_json.fields). */
export function getItemReport(id: number, signal?: AbortSignal): Promise<ItemReport> {
  return api.get(apiPath(API_ROUTES.itemReportGet.url, { id }), { schema: ItemReportSchema, signal });
}

export const itemReportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.reports.detail('asset', id),
    queryFn: ({ signal }) => getItemReport(id, signal),
  });

/** The item report; `enabled` is false for an id that cannot be one (the page says not found). */
export function useItemReport(id: number, enabled = true) {
  return useQuery({ ...itemReportQueryOptions(id), enabled });
}

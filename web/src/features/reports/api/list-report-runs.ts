import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ReportRunSchema, apiPath, pagedSchema, type Paged, type ReportRun } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { ReportPageParams } from './query-item-report';

const RunPageSchema = pagedSchema(ReportRunSchema);

/** GET /report/scheduled/{id}/files → {count, results}: the runs of a scheduled report, newest first. */
export function listReportRuns(id: number, params: ReportPageParams, signal?: AbortSignal): Promise<Paged<ReportRun>> {
  return api.get(apiPath(API_ROUTES.scheduledReportRuns.url, { id }), {
    query: { ...params },
    schema: RunPageSchema,
    signal,
  });
}

export const reportRunsQueryOptions = (id: number, params: ReportPageParams) =>
  queryOptions({
    queryKey: queryKeys.reports.runPage(id, params),
    queryFn: ({ signal }) => listReportRuns(id, params, signal),
    placeholderData: keepPreviousData,
  });

export function useReportRuns(id: number, params: ReportPageParams, enabled = true) {
  return useQuery({ ...reportRunsQueryOptions(id, params), enabled });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, apiPath, pagedSchema, type Paged, type ReportRow } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ReportPageParams {
  page: number;
  /** 10, 20, 50 or 100 (REPORT_PAGE_SIZES). */
  page_size: number;
  /** A column first (`-` descending) before the report's own ordering; none: the report's. */
  ordering?: string;
}

const ResultPageSchema = pagedSchema(z.record(z.string(), z.union([z.string(), z.number(), z.null()])));

/** GET /report/realtime/{id}/query/ → {count, results}: a page of the report run now, a key per column, in its order or by a column. */
export function queryItemReport(id: number, params: ReportPageParams, signal?: AbortSignal): Promise<Paged<ReportRow>> {
  return api.get(apiPath(API_ROUTES.itemReportQuery.url, { id }), {
    query: { ...params },
    schema: ResultPageSchema,
    signal,
  });
}

export const itemReportResultsQueryOptions = (id: number, params: ReportPageParams) =>
  queryOptions({
    queryKey: queryKeys.reports.resultPage(id, params),
    queryFn: ({ signal }) => queryItemReport(id, params, signal),
    placeholderData: keepPreviousData,
  });

/** The results of an item report; `enabled` waits for the report (its columns) to be known. */
export function useItemReportResults(id: number, params: ReportPageParams, enabled = true) {
  return useQuery({ ...itemReportResultsQueryOptions(id, params), enabled });
}

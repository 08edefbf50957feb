import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged, Report } from '@tagtrack/contract';
import { queryKeys } from '../../../lib/query-keys';
import { listItemReports, type ReportListParams } from './list-item-reports';
import { listScheduledReports } from './list-scheduled-reports';

/** How the merge orders two rows as the server orders each list: by lower-cased name, or by time. */
function compareReports(ordering: string): (a: Report, b: Report) => number {
  const descending = ordering.startsWith('-');
  const field = ordering.replace(/^-/, '');
  const key = (report: Report) =>
    field === 'created' ? report.created : field === 'updated' ? report.updated : report.report_name.toLowerCase();
  return (a, b) => {
    const [x, y] = [key(a), key(b)];
    const order = x < y ? -1 : x > y ? 1 : 0;
    return descending ? -order : order;
  };
}

/** Merges two lists each in the order `compare` describes; on a tie the first list's row comes first. */
export function mergeOrdered<T>(first: readonly T[], second: readonly T[], compare: (a: T, b: T) => number): T[] {
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length && j < second.length) {
    merged.push(compare(first[i]!, second[j]!) <= 0 ? first[i++]! : second[j++]!);
  }
  return [...merged, ...first.slice(i), ...second.slice(j)];
}

/**
 * One page of both kinds of report in one list (03 §2 Report list): the item reports and the
 * scheduled ones are two lists on the server, each searched and ordered there. Page n of the
 * merged list lies within the first n pages of each, so both are asked for that much and merged:
 * each list keeps the server's order, and a page holds the same rows however far one has paged
 * (a list of reports is short; the server answers up to 10,000 rows of each).
 */
export async function listReports(params: ReportListParams, signal?: AbortSignal): Promise<Paged<Report>> {
  const upTo = { ...params, page: 1, page_size: params.page * params.page_size };
  const [items, scheduled] = await Promise.all([listItemReports(upTo, signal), listScheduledReports(upTo, signal)]);
  const merged = mergeOrdered<Report>(items.results, scheduled.results, compareReports(params.ordering));
  const from = (params.page - 1) * params.page_size;
  return { count: items.count + scheduled.count, results: merged.slice(from, from + params.page_size) };
}

export const reportListQueryOptions = (params: ReportListParams) =>
  queryOptions({
    queryKey: queryKeys.reports.list(params),
    queryFn: ({ signal }) => listReports(params, signal),
    placeholderData: keepPreviousData,
  });

export function useReports(params: ReportListParams) {
  return useQuery(reportListQueryOptions(params));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { keyStartsWith, queryKeys } from '../../../lib/query-keys';

/** POST /report/scheduled/{id}/run/ → 202: a run of the report now, beside its schedule (beyond the spec). */
export function runReportNow(id: number): Promise<{ queued: true }> {
  return api.post(apiPath(API_ROUTES.scheduledReportRunNow.url, { id }), {});
}

/** Runs the report now; its history is asked again at once and once more a few seconds later, when the run is likely done. */
export function useRunReportNow(id: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ predicate: (query) => keyStartsWith(query, queryKeys.reports.runs(id)) });
  return useMutation({
    mutationFn: () => runReportNow(id),
    onSuccess: async () => {
      await refresh();
      setTimeout(() => void refresh(), 3000);
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { API_ROUTES, type ErrorReport } from '@tagtrack/contract';
import { api } from '../../lib/api';

/** POST /api/error/: forwards a user's error report to support. */
export function sendErrorReport(report: ErrorReport): Promise<unknown> {
  return api.post(API_ROUTES.errorReport.url, report);
}

export function useSendErrorReport() {
  return useMutation({ mutationFn: sendErrorReport });
}

import { useMutation } from '@tanstack/react-query';
import { API_ROUTES, apiPath, type ReportRun } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';
import { reportFileName } from '../model/report-paths';

/** GET /report/scheduled/{id}/files/{fileId}/get_file: a succeeded run's CSV, fetched with the token as a blob. */
export function getReportRunFile(id: number, runId: number): Promise<Blob> {
  return api.get<Blob>(apiPath(API_ROUTES.scheduledReportRunFile.url, { id, fileId: runId }), {
    responseType: 'blob',
  });
}

/** The name a run's CSV is saved under: report-{name}-{date time}.csv as the server wrote it. */
export function runFileName(run: Pick<ReportRun, 'fileName' | 'created'>, reportName: string): string {
  return run.fileName ?? reportFileName(reportName, new Date(run.created));
}

export function useDownloadReportRun(id: number, reportName: string) {
  return useMutation({
    mutationFn: async (run: ReportRun) => saveBlob(await getReportRunFile(id, run.id), runFileName(run, reportName)),
  });
}

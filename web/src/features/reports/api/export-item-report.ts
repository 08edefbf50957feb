import { API_ROUTES, apiPath } from '@tagtrack/contract';

/**
 * GET /report/realtime/{id}/export: the whole report as CSV, refused (400, exportLimit) beyond
 * 100,000 rows. The shared export button fetches it with the token and saves it.
 */
export function itemReportExportUrl(id: number): string {
  return apiPath(API_ROUTES.itemReportExport.url, { id });
}

import { API_ROUTES, InventoryReportSchema, pagedSchema, type InventoryReport, type Paged } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import type { ReportListParams } from './list-item-reports';

const InventoryReportPageSchema = pagedSchema(InventoryReportSchema);

/** GET /report/scheduled/ → {count, results}: the scheduled inventory reports, with next and last run. */
export function listScheduledReports(params: ReportListParams, signal?: AbortSignal): Promise<Paged<InventoryReport>> {
  return api.get(API_ROUTES.scheduledReportList.url, {
    query: { ...params },
    schema: InventoryReportPageSchema,
    signal,
  });
}

import { API_ROUTES, ItemReportSchema, pagedSchema, type ItemReport, type Paged } from '@tagtrack/contract';
import { api } from '../../../lib/api';

/** The query of both report lists (03 §7): paged, ordered, searched in name and description. */
export interface ReportListParams {
  page: number;
  page_size: number;
  /** report_name, created or updated; a leading minus for descending. */
  ordering: string;
  search?: string;
}

const ItemReportPageSchema = pagedSchema(ItemReportSchema);

/** GET /report/realtime/ → {count, results}: the item reports. */
export function listItemReports(params: ReportListParams, signal?: AbortSignal): Promise<Paged<ItemReport>> {
  return api.get(API_ROUTES.itemReportList.url, { query: { ...params }, schema: ItemReportPageSchema, signal });
}

import { API_ROUTES, type ItemReportDraft } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';

/**
 * POST /report/realtime/export: the CSV of a report as the form shows it, saved or not (the same
 * rows and refusals as a saved report's export), saved by the browser as `fileName`.
 */
export async function exportItemReportDraft(draft: ItemReportDraft, fileName: string): Promise<void> {
  const blob = await api.post<Blob>(API_ROUTES.itemReportDraftExport.url, draft, { responseType: 'blob' });
  saveBlob(blob, fileName);
}

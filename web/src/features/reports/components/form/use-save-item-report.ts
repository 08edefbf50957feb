import { useCreateItemReport } from '../../api/create-item-report';
import { useUpdateItemReport } from '../../api/update-item-report';
import { browserTimeZone, toItemReportPayload, type ItemReportFormValues } from '../../model/item-report-form';
import { useSaveReport, type SaveReportOptions } from './use-save-report';

const SAVED = { create: 'created', edit: 'updated', duplicate: 'duplicated' } as const;
const FAILED = { create: 'createFailed', edit: 'updateFailed', duplicate: 'duplicateFailed' } as const;

/** Save and View of an item report (03 §2, §7, §8): saved as useSaveReport says, then the report's results. */
export function useSaveItemReport(options: SaveReportOptions) {
  const create = useCreateItemReport();
  const update = useUpdateItemReport();
  const saving = useSaveReport({ ...options, create, update, saved: SAVED, failed: FAILED });
  return {
    save: (values: ItemReportFormValues) => saving.save(toItemReportPayload(values, browserTimeZone())),
    busy: saving.busy,
  };
}

import { useCreateScheduledReport } from '../../api/create-scheduled-report';
import { useUpdateScheduledReport } from '../../api/update-scheduled-report';
import {
  toInventoryReportBody,
  toSchedulePayload,
  type InventoryReportFormValues,
  type ScheduleFormValues,
} from '../../model/inventory-report-form';
import { browserTimeZone } from '../../model/item-report-form';
import { useSaveReport, type SaveReportOptions } from './use-save-report';

const SAVED = { create: 'scheduledCreated', edit: 'scheduledUpdated', duplicate: 'scheduledDuplicated' } as const;
const FAILED = {
  create: 'scheduledCreateFailed',
  edit: 'scheduledUpdateFailed',
  duplicate: 'scheduledDuplicateFailed',
} as const;

/**
 * Save of a scheduled inventory report (03 §2, §7, §8), its schedule with it (in UTC): saved as
 * useSaveReport says, then the report's history.
 */
export function useSaveScheduledReport(options: SaveReportOptions) {
  const create = useCreateScheduledReport();
  const update = useUpdateScheduledReport();
  const saving = useSaveReport({ ...options, create, update, saved: SAVED, failed: FAILED });
  return {
    /** Saves in `timeZone`: the zone the form's recurrence editor showed the time in; mails each run to `recipients`. */
    save: (values: InventoryReportFormValues, schedule: ScheduleFormValues, timeZone: string, recipients: string[]) =>
      saving.save({
        ...toInventoryReportBody(values, browserTimeZone()),
        scheduled: toSchedulePayload(schedule, timeZone),
        recipients,
      }),
    busy: saving.busy,
  };
}

import type { Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '../../../../components/feedback/use-notify';
import type { UnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { isApiError } from '../../../../lib/api-client';
import { applyServerFieldErrors, serverFieldMessages } from '../../../../lib/form-errors';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useCreateScheduledReport } from '../../api/create-scheduled-report';
import { useUpdateScheduledReport } from '../../api/update-scheduled-report';
import {
  toInventoryReportBody,
  toSchedulePayload,
  type InventoryReportFormValues,
  type ScheduleFormValues,
} from '../../model/inventory-report-form';
import { browserTimeZone, serverFieldToFormField, type ItemReportFormMode } from '../../model/item-report-form';
import { reportViewPath } from '../../model/report-paths';

/** The server's messages on report_json's parts (filters, attribute filters, columns) on the form's fields. */
function applyReportJsonErrors(error: unknown, setError: UseFormSetError<InventoryReportFormValues>): boolean {
  const messages = Object.entries(serverFieldMessages(error) ?? {}).filter(([field]) =>
    field.startsWith('report_json.'),
  );
  for (const [field, text] of messages) {
    setError(serverFieldToFormField(field) as Path<InventoryReportFormValues>, { type: 'server', message: text });
  }
  return messages.length > 0;
}

const SERVER_FIELDS = ['report_name', 'report_description', 'category'] as const;
const SAVED = { create: 'scheduledCreated', edit: 'scheduledUpdated', duplicate: 'scheduledDuplicated' } as const;
const FAILED = {
  create: 'scheduledCreateFailed',
  edit: 'scheduledUpdateFailed',
  duplicate: 'scheduledDuplicateFailed',
} as const;

/**
 * Save of the scheduled inventory report (03 §2, §7, §8): create (new, duplicate) or update (edit,
 * without the locked name), then the report's history. A create or duplicate refused with 400 says
 * the server's first report_name message instead of the generic failure; field messages go on the fields.
 */
export function useSaveScheduledReport({
  mode,
  id,
  setError,
  guard,
}: {
  mode: ItemReportFormMode;
  id: number | null;
  setError: UseFormSetError<InventoryReportFormValues>;
  guard: UnsavedChangesGuard;
}) {
  const { t } = useTranslation('reports');
  const message = useValidationMessage();
  const notify = useNotify();
  const navigate = useNavigate();
  const create = useCreateScheduledReport();
  const update = useUpdateScheduledReport();

  const save = async (values: InventoryReportFormValues, schedule: ScheduleFormValues) => {
    const payload = { ...toInventoryReportBody(values, browserTimeZone()), scheduled: toSchedulePayload(schedule) };
    // The name of a saved report is locked: an update leaves it out.
    const { report_name: _locked, ...changes } = payload;
    try {
      const saved =
        mode === 'edit' && id !== null ? await update.mutateAsync({ id, changes }) : await create.mutateAsync(payload);
      notify.success(t(SAVED[mode]));
      guard.disarm();
      void navigate(reportViewPath(saved));
    } catch (error) {
      const onTop = applyServerFieldErrors(error, SERVER_FIELDS, setError);
      const onParts = applyReportJsonErrors(error, setError);
      const onFields = onTop || onParts;
      const nameMessage =
        mode !== 'edit' && isApiError(error) && error.status === 400
          ? serverFieldMessages(error)?.report_name
          : undefined;
      if (nameMessage) notify.error(message(nameMessage), error);
      else notify.error(t(FAILED[mode]), error, { withDetail: !onFields });
    }
  };
  return { save, busy: create.isPending || update.isPending };
}

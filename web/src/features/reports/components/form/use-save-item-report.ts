import type { Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '../../../../components/feedback/use-notify';
import type { UnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { isApiError } from '../../../../lib/api-client';
import { applyServerFieldErrors, serverFieldMessages } from '../../../../lib/form-errors';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useCreateItemReport } from '../../api/create-item-report';
import { useUpdateItemReport } from '../../api/update-item-report';
import {
  browserTimeZone,
  serverFieldToFormField,
  toItemReportPayload,
  type ItemReportFormMode,
  type ItemReportFormValues,
} from '../../model/item-report-form';
import { reportViewPath } from '../../model/report-paths';

/** The server's messages on report_json's parts (filters, attribute filters, columns) on the form's fields. */
function applyReportJsonErrors(error: unknown, setError: UseFormSetError<ItemReportFormValues>): boolean {
  const messages = Object.entries(serverFieldMessages(error) ?? {}).filter(([field]) =>
    field.startsWith('report_json.'),
  );
  for (const [field, text] of messages) {
    setError(serverFieldToFormField(field) as Path<ItemReportFormValues>, { type: 'server', message: text });
  }
  return messages.length > 0;
}

const SERVER_FIELDS = ['report_name', 'report_description', 'category'] as const;
const SAVED = { create: 'created', edit: 'updated', duplicate: 'duplicated' } as const;
const FAILED = { create: 'createFailed', edit: 'updateFailed', duplicate: 'duplicateFailed' } as const;

/**
 * Save and View (03 §2, §7, §8): create (new, duplicate) or update (edit, without the locked
 * name), then the report's results. A create or duplicate refused with 400 says the server's
 * first report_name message instead of the generic failure; field messages go on the fields.
 */
export function useSaveItemReport({
  mode,
  id,
  setError,
  guard,
}: {
  mode: ItemReportFormMode;
  id: number | null;
  setError: UseFormSetError<ItemReportFormValues>;
  guard: UnsavedChangesGuard;
}) {
  const { t } = useTranslation('reports');
  const message = useValidationMessage();
  const notify = useNotify();
  const navigate = useNavigate();
  const create = useCreateItemReport();
  const update = useUpdateItemReport();

  const save = async (values: ItemReportFormValues) => {
    const payload = toItemReportPayload(values, browserTimeZone());
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

import type { ParseKeys } from 'i18next';
import type { Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ReportType } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import type { UnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { isApiError } from '../../../../lib/api-client';
import { applyServerFieldErrors, serverFieldMessages } from '../../../../lib/form-errors';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import {
  serverFieldToFormField,
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

/** A report as a save answers it: enough to open it. */
interface SavedReport {
  report_type: ReportType;
  id: number;
  report_name: string;
}

/** A create or update mutation of one kind of report. */
interface ReportMutation<V> {
  mutateAsync: (variables: V) => Promise<SavedReport>;
  isPending: boolean;
}

export interface SaveReportOptions {
  mode: ItemReportFormMode;
  id: number | null;
  setError: UseFormSetError<ItemReportFormValues>;
  guard: UnsavedChangesGuard;
}

/**
 * A report form's save (03 §2, §7, §8), whatever the kind: create (new, duplicate) or update (edit,
 * without the locked name), then the report's view (reportViewPath). A create or duplicate refused
 * with 400 says the server's first report_name message instead of the generic failure; field
 * messages go on the fields. `saved` and `failed` are the kind's own words per mode.
 */
export function useSaveReport<P extends { report_name: string }>({
  mode,
  id,
  setError,
  guard,
  create,
  update,
  saved: savedText,
  failed: failedText,
}: SaveReportOptions & {
  create: ReportMutation<P>;
  update: ReportMutation<{ id: number; changes: Omit<P, 'report_name'> }>;
  saved: Record<ItemReportFormMode, ParseKeys<'reports'>>;
  failed: Record<ItemReportFormMode, ParseKeys<'reports'>>;
}) {
  const { t } = useTranslation('reports');
  const message = useValidationMessage();
  const notify = useNotify();
  const navigate = useNavigate();

  const save = async (payload: P) => {
    // The name of a saved report is locked: an update leaves it out.
    const { report_name: _locked, ...changes } = payload;
    try {
      const saved =
        mode === 'edit' && id !== null ? await update.mutateAsync({ id, changes }) : await create.mutateAsync(payload);
      notify.success(t(savedText[mode]));
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
      else notify.error(t(failedText[mode]), error, { withDetail: !onFields });
    }
  };
  return { save, busy: create.isPending || update.isPending };
}

import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import { API_ROUTES, ItemReportDraftSchema, type ItemReport } from '@tagtrack/contract';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { ExportButton } from '../../../../components/list-controls';
import { listViewPath } from '../../../../lib/list-views';
import { exportItemReportDraft } from '../../api/export-item-report-draft';
import {
  ITEM_REPORT_FORM,
  browserTimeZone,
  toItemReportPayload,
  type ItemReportFormMode,
  type ItemReportFormValues,
} from '../../model/item-report-form';
import { REPORTS_PATH, reportFileName } from '../../model/report-paths';
import { useReportActions } from '../use-report-actions';
import { AttributeFiltersSection } from './attribute-filters-section';
import { DateFilterSection } from './date-filter-section';
import { ItemFiltersSection } from './item-filters-section';
import { ReportFormShell } from './report-form-shell';
import { useReportForm } from './use-report-form';
import { useSaveItemReport } from './use-save-item-report';

/**
 * The real-time item report form (03 §2, §4, §5): details, filters, date filters, attribute
 * filters, columns and ordering, checked with the contract's schema; Save and View, Delete
 * (editing), Cancel (asking first when changed) and the CSV export of what the form shows, saved
 * or not (disabled with the reason while it breaks a rule).
 */
export function ItemReportForm({ mode, report }: { mode: ItemReportFormMode; report?: ItemReport }) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const state = useReportForm(ITEM_REPORT_FORM, { mode, report });
  const { control, setError, getValues, formState } = state.form;
  const message = useValidationMessage();
  const values = useWatch({ control }) as ItemReportFormValues;
  // The export runs what the form shows, saved or not; a name is not needed for it.
  const draftIssue = useMemo(
    () => ItemReportDraftSchema.safeParse(toItemReportPayload(values, browserTimeZone())).error?.issues[0]?.message,
    [values],
  );
  const saving = useSaveItemReport({ mode, id: report?.id ?? null, setError, guard: state.guard });
  const actions = useReportActions({
    onDeleted: () => {
      state.guard.disarm();
      void navigate(listViewPath(REPORTS_PATH));
    },
  });
  const name = report?.report_name ?? '';

  return (
    <ReportFormShell
      state={state}
      mode={mode}
      reportName={name}
      editTitleKey="formEditTitle"
      saveLabel={t('saveAndView')}
      onSave={saving.save}
      saving={saving.busy}
      actions={
        <>
          <ExportButton
            url={API_ROUTES.itemReportDraftExport.url}
            fileName={reportFileName(values.report_name, new Date())}
            download={() => {
              const draft = toItemReportPayload(getValues(), browserTimeZone());
              return exportItemReportDraft(draft, reportFileName(draft.report_name, new Date()));
            }}
            disabledReason={draftIssue ? message(draftIssue) : undefined}
            count={undefined}
            testId="report-form-export"
          />
          {mode === 'edit' && report && (
            <Button
              color="error"
              variant="outlined"
              disabled={actions.busy || formState.isSubmitting}
              onClick={() => actions.run('delete', report)}
              data-testid="report-form-delete"
            >
              {t('actionDelete')}
            </Button>
          )}
        </>
      }
      dialog={actions.dialog}
    >
      <ItemFiltersSection control={control} />
      <DateFilterSection
        control={control}
        name="latest_status_update"
        option="is_last_seen"
        title={t('formLastUpdate')}
      />
      <DateFilterSection control={control} name="created" option="is_created" title={t('formCreatedDate')} />
      <AttributeFiltersSection control={control} attributes={state.attributes} disabled={state.category <= 0} />
    </ReportFormShell>
  );
}

import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import type { ItemReport } from '@tagtrack/contract';
import { ExportButton } from '../../../../components/list-controls';
import { listViewPath } from '../../../../lib/list-views';
import { itemReportExportUrl } from '../../api/export-item-report';
import { ITEM_REPORT_FORM, type ItemReportFormMode } from '../../model/item-report-form';
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
 * (editing), Cancel (asking first when changed) and the CSV export of a saved report.
 */
export function ItemReportForm({ mode, report }: { mode: ItemReportFormMode; report?: ItemReport }) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const state = useReportForm(ITEM_REPORT_FORM, { mode, report });
  const { control, setError, formState } = state.form;
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
        mode === 'edit' &&
        report && (
          <>
            <ExportButton
              url={itemReportExportUrl(report.id)}
              fileName={reportFileName(name, new Date())}
              count={undefined}
              testId="report-form-export"
            />
            <Button
              color="error"
              variant="outlined"
              disabled={actions.busy || formState.isSubmitting}
              onClick={() => actions.run('delete', report)}
              data-testid="report-form-delete"
            >
              {t('actionDelete')}
            </Button>
          </>
        )
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

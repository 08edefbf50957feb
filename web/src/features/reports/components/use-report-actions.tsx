import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ReportType } from '@tagtrack/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/feedback/use-notify';
import { useDeleteReport } from '../api/delete-report';
import { reportDuplicatePath, reportEditPath } from '../model/report-paths';

/** What a role with report:write may do to a report (03 §6). */
export type ReportWriteAction = 'edit' | 'duplicate' | 'delete';

export interface ReportTarget {
  report_type: ReportType;
  id: number;
}

/**
 * Edit, duplicate and delete of a report, for the list's rows and the results page: edit and
 * duplicate open the report's form (which returns here: `returnTo`), delete asks first and says
 * how it went. `onDeleted` runs after a delete succeeded (the results page goes to the list).
 */
export function useReportActions({ onDeleted }: { onDeleted?: () => void } = {}): {
  run: (action: ReportWriteAction, report: ReportTarget) => void;
  busy: boolean;
  dialog: ReactNode;
} {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const notify = useNotify();
  const remove = useDeleteReport();
  // The report outlives `open`, so the closing dialog keeps its content during its transition.
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const [open, setOpen] = useState(false);

  const run = (action: ReportWriteAction, report: ReportTarget) => {
    const state = { returnTo: pathname };
    if (action === 'edit') void navigate(reportEditPath(report.report_type, report.id), { state });
    else if (action === 'duplicate') void navigate(reportDuplicatePath(report.report_type, report.id), { state });
    else {
      setTarget(report);
      setOpen(true);
    }
  };

  const confirm = async (report: ReportTarget) => {
    try {
      await remove.mutateAsync({ kind: report.report_type, id: report.id });
      notify.success(t('deleted'));
      setOpen(false);
      onDeleted?.();
    } catch (error) {
      notify.error(t('deleteFailed'), error);
    }
  };

  const dialog = target && (
    <ConfirmDialog
      open={open}
      title={t('deleteTitle')}
      confirmLabel={t('deleteConfirm')}
      busy={remove.isPending}
      onConfirm={() => void confirm(target)}
      onClose={() => setOpen(false)}
      testId="report-delete"
    >
      {t('deleteText')}
    </ConfirmDialog>
  );
  return { run, busy: remove.isPending, dialog };
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { RecurrenceSchema, type InventoryReport } from '@tagtrack/contract';
import {
  currentMinute,
  INVENTORY_REPORT_FORM,
  newSchedule,
  reportSchedule,
  type ScheduleFormValues,
} from '../../model/inventory-report-form';
import type { ItemReportFormMode } from '../../model/item-report-form';
import { browserTimeZone } from '../schedule/recurrence-draft';
import { RecurrenceEditor } from '../schedule/recurrence-editor';
import { schedulePeriodValid, scheduleIssues } from '../schedule/schedule-issues';
import { SchedulePeriodFields } from '../schedule/schedule-period-fields';
import { AttributeFiltersSection } from './attribute-filters-section';
import { FormSection } from '../../../../components/form-section';
import { ItemFiltersSection } from './item-filters-section';
import { ReportFormShell } from './report-form-shell';
import { invalidRecipients, ReportRecipientsSection } from './report-recipients-section';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useReportForm } from './use-report-form';
import { useSaveScheduledReport } from './use-save-scheduled-report';

const sameTime = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());
const sameSchedule = (a: ScheduleFormValues, b: ScheduleFormValues) =>
  sameTime(a.start, b.start) && sameTime(a.end, b.end) && JSON.stringify(a.recurrence) === JSON.stringify(b.recurrence);

export interface ScheduledReportFormProps {
  mode: ItemReportFormMode;
  report?: InventoryReport;
  /** The user's zone (IANA name) for the recurrence's time; the browser's by default (tests pin it). */
  timeZone?: string;
  /** The moment the schedule's rules compare with; the time of rendering by default (tests pin it). */
  now?: Date;
}

/**
 * The scheduled inventory report form (03 §2, §3, §4, §5): details (type Inventory Levels),
 * location and product filters, product attribute filters, columns (location, count and SKU
 * mandatory), ordering, and the schedule: start, end and recurrence (sent in UTC). Save goes to
 * the report's history; Cancel asks first when anything changed.
 */
export function ScheduledReportForm({ mode, report, timeZone, now }: ScheduledReportFormProps) {
  const { t } = useTranslation(['reports', 'common']);
  const message = useValidationMessage();
  // A saved schedule is edited (and duplicated) in the zone it was made in, and stays there.
  const [zone] = useState(() => (mode !== 'create' && report?.scheduled.time_zone) || timeZone || browserTimeZone());
  const [initialSchedule] = useState(() =>
    report ? reportSchedule(report, mode, now ?? new Date()) : newSchedule(now ?? new Date(), zone),
  );
  const [schedule, setSchedule] = useState(initialSchedule);
  const [initialRecipients] = useState(() => report?.recipients ?? []);
  const [recipients, setRecipients] = useState(initialRecipients);
  const state = useReportForm(INVENTORY_REPORT_FORM, {
    mode,
    report,
    otherChanges:
      !sameSchedule(schedule, initialSchedule) || JSON.stringify(recipients) !== JSON.stringify(initialRecipients),
  });
  const { control, setError } = state.form;
  const saving = useSaveScheduledReport({ mode, id: report?.id ?? null, setError, guard: state.guard });

  const creating = mode !== 'edit';
  // A new schedule's start is "now" until the user picks another: left as it opened, it follows
  // the clock, so a form filled in over a minute or more is not held back as starting in the past.
  const periodAt = (moment: Date) =>
    creating && sameTime(schedule.start, initialSchedule.start)
      ? { ...schedule, start: currentMinute(moment) }
      : schedule;
  const moment = now ?? new Date();
  const period = periodAt(moment);
  const issues = scheduleIssues(period.start, period.end, moment, creating);
  // Why the schedule or the recipients hold Save back: the first rule they break, said on Save.
  const scheduleIssue =
    issues.start ??
    issues.end ??
    RecurrenceSchema.safeParse(schedule.recurrence).error?.issues[0]?.message ??
    (invalidRecipients(recipients).size > 0 ? 'invalidEmailAddress' : undefined);
  const scheduleValid = schedulePeriodValid(issues) && scheduleIssue === undefined;

  return (
    <ReportFormShell
      state={state}
      mode={mode}
      reportName={report?.report_name ?? ''}
      editTitleKey="scheduledEditTitle"
      typeLabel={t('kindInventory')}
      saveLabel={t('common:save')}
      canSave={scheduleValid}
      blockedReason={scheduleIssue === undefined ? undefined : message(scheduleIssue)}
      onSave={(values) => saving.save(values, periodAt(now ?? new Date()), zone, recipients)}
      saving={saving.busy}
    >
      <FormSection title={t('formSchedule')} testId="report-schedule-section">
        <Stack spacing={2.5}>
          <SchedulePeriodFields
            value={period}
            // A start the user did not change stays "now" (the end or No end changed instead).
            onChange={(next) =>
              setSchedule((current) => ({
                ...current,
                end: next.end,
                start: sameTime(next.start, period.start) ? current.start : next.start,
              }))
            }
            creating={creating}
            now={now}
          />
          <RecurrenceEditor
            value={schedule.recurrence}
            onChange={(recurrence) => setSchedule((current) => ({ ...current, recurrence }))}
            start={schedule.start}
            timeZone={zone}
          />
        </Stack>
      </FormSection>
      <ReportRecipientsSection value={recipients} onChange={setRecipients} />
      <ItemFiltersSection control={control} showStatus={false} />
      <AttributeFiltersSection
        control={control}
        attributes={state.attributes}
        disabled={state.category <= 0}
        title={t('formProductAttributes')}
        hint={t('productAttributesNeedCategory')}
      />
    </ReportFormShell>
  );
}

import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { INVENTORY_REPORT_REQUIRED_FIELDS, type InventoryReport } from '@tagtrack/contract';
import { PageHeader } from '../../../../components/page-header';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { listViewPath } from '../../../../lib/list-views';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import {
  inventoryReportFormSchema,
  inventoryReportFormValues,
  newInventoryReportValues,
  newSchedule,
  recurrenceValid,
  reportSchedule,
  type InventoryReportFormValues,
  type ScheduleFormValues,
} from '../../model/inventory-report-form';
import type { ItemReportFormMode } from '../../model/item-report-form';
import {
  INVENTORY_DEFAULT_ORDERING,
  inventoryColumnChoices,
  inventoryDefaultColumns,
  removeColumn,
} from '../../model/report-columns';
import { REPORTS_PATH } from '../../model/report-paths';
import { RecurrenceEditor } from '../schedule/recurrence-editor';
import { schedulePeriodValid, scheduleIssues } from '../schedule/schedule-issues';
import { SchedulePeriodFields } from '../schedule/schedule-period-fields';
import { AttributeFiltersSection } from './attribute-filters-section';
import { ColumnsEditor } from './columns-editor';
import { FormSection } from './form-section';
import { ItemFiltersSection } from './item-filters-section';
import { OrderingEditor } from './ordering-editor';
import { ReportDetailsSection } from './report-details-section';
import { useCategoryAttributes } from './use-category-attributes';
import { useColumnHeader } from './use-column-header';
import { withHeaders } from '../../model/report-columns';
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
  const { t } = useTranslation(['reports', 'menu', 'common']);
  const navigate = useNavigate();
  const header = useColumnHeader('inventory');
  const message = useValidationMessage();
  // Read once, when the form mounts (the page keys the form by report and mode).
  const defaultValues = useMemo(
    () => (report ? relabelled(inventoryReportFormValues(report, mode), header) : newInventoryReportValues(header)),
    [report, mode, header],
  );
  const [initialSchedule] = useState(() =>
    report ? reportSchedule(report, mode, now ?? new Date()) : newSchedule(now ?? new Date(), timeZone),
  );
  const [schedule, setSchedule] = useState(initialSchedule);
  const { control, register, handleSubmit, setError, setValue, getValues, formState } =
    useForm<InventoryReportFormValues>({
      resolver: zodResolver(inventoryReportFormSchema),
      defaultValues,
      mode: 'onChange',
    });
  const { isDirty, isValid, isSubmitting, errors } = formState;
  const guard = useUnsavedChangesGuard(isDirty || !sameSchedule(schedule, initialSchedule));
  const saving = useSaveScheduledReport({ mode, id: report?.id ?? null, setError, guard });
  const category = useWatch({ control, name: 'category' });
  const fields = useWatch({ control, name: 'fields' });
  const attributes = useCategoryAttributes(category, false);
  const choices = useMemo(() => inventoryColumnChoices(header, attributes), [header, attributes]);

  const creating = mode !== 'edit';
  const issues = scheduleIssues(schedule.start, schedule.end, now ?? new Date(), creating);
  const scheduleValid = schedulePeriodValid(issues) && recurrenceValid(schedule.recurrence);

  // A new category: its products, attribute filters and columns no longer apply (03 §4).
  const changeCategory = (next: number) => {
    if (next === getValues('category')) return;
    const dirty = { shouldDirty: true, shouldValidate: true };
    setValue('category', next, dirty);
    setValue('product', [], dirty);
    setValue('attribute_filters', [], dirty);
    if (next <= 0) setValue('options.is_asset_attribute', false, dirty);
    setValue('fields', inventoryDefaultColumns(header), dirty);
    setValue('ordering', [...INVENTORY_DEFAULT_ORDERING], dirty);
  };

  const name = report?.report_name ?? '';
  const title =
    mode === 'edit'
      ? t('scheduledEditTitle', { name })
      : mode === 'duplicate'
        ? t('formDuplicateTitle', { name })
        : t('newReport');
  const columnsError = errors.fields?.message ?? errors.fields?.root?.message;

  return (
    <form onSubmit={(event) => void handleSubmit((values) => saving.save(values, schedule))(event)} noValidate>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: t('menu:reports'), to: REPORTS_PATH }]}
        actions={
          <>
            <Button
              variant="outlined"
              onClick={() => void navigate(listViewPath(REPORTS_PATH))}
              data-testid="report-form-cancel"
            >
              {t('common:cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!isValid || !scheduleValid || isSubmitting || saving.busy}
              loading={saving.busy}
              data-testid="report-form-save"
            >
              {t('common:save')}
            </Button>
          </>
        }
      />
      <Stack spacing={2.5}>
        <ReportDetailsSection
          control={control}
          register={register}
          nameLocked={mode === 'edit'}
          onCategoryChange={changeCategory}
          typeLabel={t('kindInventory')}
        />
        <FormSection title={t('formSchedule')} testId="report-schedule-section">
          <Stack spacing={2.5}>
            <SchedulePeriodFields
              value={schedule}
              onChange={(period) => setSchedule((current) => ({ ...current, ...period }))}
              creating={creating}
              now={now}
            />
            <RecurrenceEditor
              value={schedule.recurrence}
              onChange={(recurrence) => setSchedule((current) => ({ ...current, recurrence }))}
              start={schedule.start}
              timeZone={timeZone}
            />
          </Stack>
        </FormSection>
        <ItemFiltersSection control={control} showStatus={false} />
        <AttributeFiltersSection
          control={control}
          attributes={attributes}
          disabled={category <= 0}
          title={t('formProductAttributes')}
          hint={t('productAttributesNeedCategory')}
        />
        <FormSection title={t('formColumns')} testId="report-columns-section">
          <Controller
            control={control}
            name="fields"
            render={({ field }) => (
              <ColumnsEditor
                columns={field.value}
                choices={choices}
                required={INVENTORY_REPORT_REQUIRED_FIELDS}
                onChange={field.onChange}
                onRemove={(key) => {
                  const next = removeColumn(field.value, getValues('ordering'), key, INVENTORY_REPORT_REQUIRED_FIELDS);
                  field.onChange(next.fields);
                  setValue('ordering', next.ordering, { shouldDirty: true, shouldValidate: true });
                }}
              />
            )}
          />
          {columnsError && (
            <Stack sx={{ color: 'error.main', mt: 1 }} role="alert">
              {message(columnsError)}
            </Stack>
          )}
        </FormSection>
        <FormSection title={t('formOrdering')}>
          <Controller
            control={control}
            name="ordering"
            render={({ field }) => <OrderingEditor columns={fields} ordering={field.value} onChange={field.onChange} />}
          />
        </FormSection>
      </Stack>
    </form>
  );
}

/** The loaded report's columns titled in the console's language. */
function relabelled<V extends { fields: { header: string; headerKey: string }[] }>(
  values: V,
  header: (key: string) => string,
): V {
  return { ...values, fields: withHeaders(values.fields, header) };
}

import { z } from 'zod';
import {
  INVENTORY_REPORT_REQUIRED_FIELDS,
  InventoryReportCreateSchema,
  RecurrenceSchema,
  type InventoryReport,
  type InventoryReportCreate,
  type Recurrence,
} from '@tagtrack/contract';
import { defaultRecurrence } from '../components/schedule/recurrence-draft';
import type { SchedulePeriod } from '../components/schedule/schedule-issues';
import {
  FORM_CATEGORY_ALL,
  attributeFilterPayload,
  formPath,
  newReportValues,
  reportFormValues,
  type ItemReportFormMode,
  type ItemReportFormValues,
  type ReportFormKind,
} from './item-report-form';
import { INVENTORY_DEFAULT_ORDERING, inventoryColumnChoices, inventoryDefaultColumns } from './report-columns';

/**
 * The scheduled inventory report form keeps the item form's values (so that it composes the same
 * sections): its status is empty and its date options off, and none of them is sent.
 */
export type InventoryReportFormValues = ItemReportFormValues;

/** The schedule as the form edits it: the pickers' dates and the recurrence in UTC. */
export interface ScheduleFormValues extends SchedulePeriod {
  recurrence: Recurrence;
}

/** A new inventory report: a new item report's blank filters, no status, its three columns, SKU ascending (03 §3). */
export function newInventoryReportValues(header: (key: string) => string): InventoryReportFormValues {
  return {
    ...newReportValues(header),
    status: [],
    fields: inventoryDefaultColumns(header),
    ordering: [...INVENTORY_DEFAULT_ORDERING],
  };
}

/** A saved inventory report in the form; a duplicate's name is emptied (03 §4). */
export function inventoryReportFormValues(
  report: InventoryReport,
  mode: ItemReportFormMode,
): InventoryReportFormValues {
  const { filters } = report.report_json;
  // The item form's reading of the shared parts; an inventory report has no status or dates.
  const values = reportFormValues(
    {
      ...report,
      report_type: 'asset',
      report_json: { ...report.report_json, filters: { product: filters.product, location: filters.location } },
    },
    mode,
  );
  return { ...values, status: [], options: { ...values.options, is_last_seen: false, is_created: false } };
}

/** A new schedule: from now (the current minute), no end, every day at now's time (03 §4). */
/** The current minute, as the pickers show it: where a new (or duplicated) schedule starts. */
export const currentMinute = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000);

export function newSchedule(now: Date, timeZone?: string): ScheduleFormValues {
  const start = currentMinute(now);
  return { start, end: null, recurrence: defaultRecurrence(start, timeZone) };
}

/** A saved report's schedule; a duplicate starts again now (03 §4). */
export function reportSchedule(report: InventoryReport, mode: ItemReportFormMode, now: Date): ScheduleFormValues {
  const { start, end, recurrence } = report.scheduled;
  return {
    start: mode === 'duplicate' ? currentMinute(now) : new Date(start),
    end: end ? new Date(end) : null,
    recurrence: { ...recurrence },
  };
}

/** Whether the recurrence is one the server takes (a day of the month out of range is not). */
export const recurrenceValid = (recurrence: Recurrence) => RecurrenceSchema.safeParse(recurrence).success;

/** report_json and the report's own fields as a save sends them (03 §7): filters location[], product[], category. */
export function toInventoryReportBody(
  values: InventoryReportFormValues,
  timeZone: string,
): Omit<InventoryReportCreate, 'scheduled' | 'recipients'> {
  const category = values.category === FORM_CATEGORY_ALL ? null : values.category;
  const attributes = values.options.is_asset_attribute;
  return {
    report_type: 'inventory',
    report_name: values.report_name.trim(),
    report_description: values.report_description.trim(),
    category,
    report_json: {
      filters: {
        ...(values.location.length > 0 ? { location: values.location } : {}),
        ...(values.product.length > 0 ? { product: values.product } : {}),
        category,
      },
      attribute_filters: attributes ? values.attribute_filters.map(attributeFilterPayload) : [],
      report_filter_option: [{ is_asset_attribute: attributes }],
      fields: values.fields,
      ordering: values.ordering,
      time_zone: timeZone,
    },
  };
}

/** The schedule as the server takes it: ISO strings, the recurrence in UTC, the zone it was made in. */
export function toSchedulePayload(schedule: ScheduleFormValues, timeZone: string): InventoryReportCreate['scheduled'] {
  return {
    start: (schedule.start ?? new Date()).toISOString(),
    end: schedule.end ? schedule.end.toISOString() : null,
    recurrence: schedule.recurrence,
    time_zone: timeZone,
  };
}

const InventoryBodySchema = InventoryReportCreateSchema.omit({ scheduled: true, recipients: true });

/**
 * The form's rules are the contract's (the schedule, kept beside the form, is checked by
 * scheduleIssues and RecurrenceSchema): each message goes on the field it is about.
 */
export const inventoryReportFormSchema = z.custom<InventoryReportFormValues>().superRefine((values, ctx) => {
  const result = InventoryBodySchema.safeParse(toInventoryReportBody(values, 'UTC'));
  if (result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: formPath(issue.path), message: issue.message });
  }
});

/** The scheduled inventory report's form (03 §3): location, count and SKU required. */
export const INVENTORY_REPORT_FORM: ReportFormKind<InventoryReport> = {
  type: 'inventory',
  schema: inventoryReportFormSchema,
  newValues: newInventoryReportValues,
  savedValues: inventoryReportFormValues,
  defaultColumns: inventoryDefaultColumns,
  defaultOrdering: INVENTORY_DEFAULT_ORDERING,
  columnChoices: inventoryColumnChoices,
  requiredColumns: INVENTORY_REPORT_REQUIRED_FIELDS,
};

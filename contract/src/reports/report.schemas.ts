import { z } from 'zod';
import { MESSAGE_KEYS as M, messageWithParams } from '../common/messages.js';
import { DateTimeSchema, isStorableDateTime, TimeZoneSchema } from '../common/dates.js';
import { DEFAULT_PAGE_SIZE, ListQuerySchema, orderingSchema, pageSizeSchema } from '../common/pagination.js';
import {
  ATTRIBUTE_FIELD,
  ATTRIBUTE_OPERATORS,
  DATE_UNITS,
  DYNAMIC_DATE_OPERATORS,
  DYNAMIC_DATE_VALUE_MAX,
  FILTER_ATTRIBUTE_TYPES,
  INVENTORY_REPORT_FIELDS,
  INVENTORY_REPORT_REQUIRED_FIELDS,
  ITEM_REPORT_FIELDS,
  ITEM_REPORT_REQUIRED_FIELDS,
  ORDERING_DIRECTIONS,
  REPORT_DESCRIPTION_MAX,
  REPORT_FIELDS_MAX,
  REPORT_ITEM_STATUSES,
  REPORT_LIST_MAX,
  REPORT_NAME_MAX,
  REPORT_RECIPIENTS_MAX,
  REPORT_PAGE_MAX,
  STATIC_DATE_OPERATORS,
} from './report.limits.js';
import { RecurrenceOutputSchema, RecurrenceSchema } from './recurrence.js';

const ReportNameSchema = z
  .string({ error: M.reportNameRequired })
  .trim()
  .min(1, M.reportNameRequired)
  .max(REPORT_NAME_MAX, M.MaxLengthError);

/** A column as the report keeps it: the title the console gave it and the field it shows. */
export const ReportColumnSchema = z.object({
  header: z.string().trim().max(REPORT_NAME_MAX),
  headerKey: z.string().max(40),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportOrderingSchema = z.object({
  field: z.string().max(40),
  value: z.enum(ORDERING_DIRECTIONS),
});
export type ReportOrdering = z.infer<typeof ReportOrderingSchema>;

/**
 * A filter on a category attribute (03 §3, §5). Values as the console normalises them: datetimes
 * as ISO strings, numbers as text, between as 'start,end'; a dropdown list takes `in` and a list.
 */
export const AttributeFilterSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string().max(REPORT_NAME_MAX).default(''),
    type: z.enum(FILTER_ATTRIBUTE_TYPES),
    operator: z.string({ error: M.operatorRequired }).min(1, M.operatorRequired).max(20),
    value: z.union([z.string().max(1000), z.array(z.string().max(1000)).max(REPORT_LIST_MAX)]),
  })
  .superRefine((filter, ctx) => {
    const operators: readonly string[] = ATTRIBUTE_OPERATORS[filter.type];
    if (!operators.includes(filter.operator)) {
      ctx.addIssue({ code: 'custom', path: ['operator'], message: M.operatorRequired });
      return;
    }
    const issue = attributeFilterValueIssue(filter.type, filter.operator, filter.value);
    if (issue) ctx.addIssue({ code: 'custom', path: ['value'], message: issue });
  });
export type AttributeFilter = z.infer<typeof AttributeFilterSchema>;

const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;
function validValue(type: string, text: string): boolean {
  if (type === 'number') return NUMBER.test(text.trim());
  if (type === 'datetime') return isStorableDateTime(text.trim());
  return true;
}

/** What is wrong with an attribute filter's value (a message key), or null. */
export function attributeFilterValueIssue(type: string, operator: string, value: string | string[]): string | null {
  if (type === 'dropdown') {
    return Array.isArray(value) && value.some((v) => v.trim() !== '') ? null : M.valueRequired;
  }
  if (Array.isArray(value)) return M.valueRequired;
  if (operator === 'between') {
    const [start = '', end = '', ...rest] = value.split(',').map((part) => part.trim());
    if (start === '' || rest.length > 0) return M.valueRequired;
    if (end === '') return M.invalidRange;
    if (!validValue(type, start) || !validValue(type, end))
      return type === 'number' ? M.attributeValueNotNumber : M.attributeValueNotDate;
    const below = type === 'number' ? Number(end) < Number(start) : Date.parse(end) < Date.parse(start);
    return below ? M.invalidRange : null;
  }
  if (value.trim() === '') return M.valueRequired;
  if (!validValue(type, value)) return type === 'number' ? M.attributeValueNotNumber : M.attributeValueNotDate;
  return null;
}

/** A static date filter: before, after or between absolute times. */
export const StaticDateFilterSchema = z
  .object({
    type: z.literal('static'),
    operator: z.enum(STATIC_DATE_OPERATORS),
    start: DateTimeSchema.nullable().optional(),
    end: DateTimeSchema.nullable().optional(),
  })
  .superRefine((filter, ctx) => {
    if (!filter.start) {
      ctx.addIssue({ code: 'custom', path: ['start'], message: M.startDateRequired });
      return;
    }
    if (filter.operator === 'between' && (!filter.end || Date.parse(filter.end) <= Date.parse(filter.start))) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: M.endDateAfterStart });
    }
  });

/** A dynamic date filter: a preset (today … lastYear) or the last `value` units up to now. */
export const DynamicDateFilterSchema = z
  .object({
    type: z.literal('dynamic'),
    operator: z.enum(DYNAMIC_DATE_OPERATORS, { error: M.operatorRequired }),
    unit: z.enum(DATE_UNITS).nullable().optional(),
    value: z
      .number({ error: M.valueRequired })
      .int(M.invalidInteger)
      .min(1, messageWithParams('numberAtLeast', { min: 1 }))
      .max(DYNAMIC_DATE_VALUE_MAX, messageWithParams('numberAtMost', { max: DYNAMIC_DATE_VALUE_MAX }))
      .nullable()
      .optional(),
  })
  .superRefine((filter, ctx) => {
    if (filter.operator !== 'last') return;
    if (!filter.unit) ctx.addIssue({ code: 'custom', path: ['unit'], message: M.valueRequired });
    if (filter.value === null || filter.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: M.valueRequired });
    }
  });

export const DateFilterSchema = z.discriminatedUnion('type', [StaticDateFilterSchema, DynamicDateFilterSchema]);
export type DateFilter = z.infer<typeof DateFilterSchema>;

/** The parts of a date filter a rule is about. */
export const DATE_FILTER_PARTS = ['operator', 'start', 'end', 'unit', 'value'] as const;
export type DateFilterPart = (typeof DATE_FILTER_PARTS)[number];

/**
 * What is wrong with a date filter, by part (a message key each, the first one found), as
 * DateFilterSchema says it: the form shows them where the part is and the server refuses the same.
 */
export function dateFilterIssues(filter: unknown): Partial<Record<DateFilterPart, string>> {
  const result = DateFilterSchema.safeParse(filter);
  const issues: Partial<Record<DateFilterPart, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const part = issue.path[0];
    if ((DATE_FILTER_PARTS as readonly PropertyKey[]).includes(part as PropertyKey)) {
      issues[part as DateFilterPart] ??= issue.message;
    }
  }
  return issues;
}

const IdList = z.array(z.number().int().positive()).max(REPORT_LIST_MAX);

/** The report's category: null for all, 0 for none, else a category id (the form's -1 is sent as null). */
export const ReportCategorySchema = z.number().int().min(0).nullable();

const FilterOptionSchema = z.object({
  is_last_seen: z.boolean().optional(),
  is_created: z.boolean().optional(),
  is_asset_attribute: z.boolean().optional(),
});

function checkColumns(
  columns: readonly ReportColumn[],
  ordering: readonly ReportOrdering[],
  allowed: readonly string[],
  required: readonly string[],
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  columns.forEach((column, index) => {
    if (!allowed.includes(column.headerKey) && !ATTRIBUTE_FIELD.test(column.headerKey)) {
      ctx.addIssue({ code: 'custom', path: ['fields', index, 'headerKey'], message: M.reportFieldUnknown });
    } else if (seen.has(column.headerKey)) {
      ctx.addIssue({ code: 'custom', path: ['fields', index, 'headerKey'], message: M.reportFieldRepeated });
    }
    seen.add(column.headerKey);
  });
  for (const field of required) {
    if (!seen.has(field)) {
      ctx.addIssue({ code: 'custom', path: ['fields'], message: messageWithParams('reportFieldRequired', { field }) });
    }
  }
  const ordered = new Set<string>();
  ordering.forEach((order, index) => {
    if (!seen.has(order.field)) {
      ctx.addIssue({ code: 'custom', path: ['ordering', index, 'field'], message: M.orderingFieldNotShown });
    } else if (ordered.has(order.field)) {
      ctx.addIssue({ code: 'custom', path: ['ordering', index, 'field'], message: M.orderingFieldRepeated });
    }
    ordered.add(order.field);
  });
}

function checkAttributeFilters(filters: readonly AttributeFilter[], ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  filters.forEach((filter, index) => {
    if (seen.has(filter.id)) {
      ctx.addIssue({ code: 'custom', path: ['attribute_filters', index, 'id'], message: M.attributeFilterRepeated });
    }
    seen.add(filter.id);
  });
}

/** What report_json holds beside its filters, the same for both kinds. */
const reportJsonCommon = {
  attribute_filters: z.array(AttributeFilterSchema).max(100).default([]),
  report_filter_option: z.array(FilterOptionSchema).max(1).default([]),
  fields: z.array(ReportColumnSchema).min(1).max(REPORT_FIELDS_MAX),
  ordering: z.array(ReportOrderingSchema).max(REPORT_FIELDS_MAX).default([]),
  /** The IANA zone the report was saved in: its dynamic dates are evaluated there (UTC when absent). */
  time_zone: TimeZoneSchema.optional(),
};

/** The rules across report_json's parts: columns of the kind, ordering by them, attributes once. */
function reportJsonRules(allowed: readonly string[], required: readonly string[]) {
  return (
    json: { fields: ReportColumn[]; ordering: ReportOrdering[]; attribute_filters: AttributeFilter[] },
    ctx: z.RefinementCtx,
  ) => {
    checkColumns(json.fields, json.ordering, allowed, required, ctx);
    checkAttributeFilters(json.attribute_filters, ctx);
  };
}

/** report_json of an item report (03 §3). */
export const ItemReportJsonSchema = z
  .object({
    filters: z
      .object({
        location: z.array(z.uuid()).max(REPORT_LIST_MAX).optional(),
        status: z.array(z.enum(REPORT_ITEM_STATUSES)).max(3).optional(),
        product: IdList.optional(),
        category: ReportCategorySchema.optional(),
        latest_status_update: DateFilterSchema.optional(),
        created: DateFilterSchema.optional(),
      })
      .default({}),
    ...reportJsonCommon,
  })
  .superRefine(reportJsonRules(ITEM_REPORT_FIELDS, ITEM_REPORT_REQUIRED_FIELDS));
export type ItemReportJson = z.infer<typeof ItemReportJsonSchema>;

/** report_json of an inventory report (03 §3). */
export const InventoryReportJsonSchema = z
  .object({
    filters: z
      .object({
        /** Locations (their ids, which are uuids) whose subtrees are counted. */
        location: z.array(z.uuid()).max(REPORT_LIST_MAX).optional(),
        product: IdList.optional(),
        category: ReportCategorySchema.optional(),
      })
      .default({}),
    ...reportJsonCommon,
  })
  .superRefine(reportJsonRules(INVENTORY_REPORT_FIELDS, INVENTORY_REPORT_REQUIRED_FIELDS));
export type InventoryReportJson = z.infer<typeof InventoryReportJsonSchema>;

/**
 * When a scheduled report runs (03 §3): from start, until end (none: for ever), at each recurrence
 * (hours in UTC at the start's offset, 03 §7). Beyond the spec, `time_zone`: the IANA zone the
 * schedule was made in, where its days, month ends and daylight saving are reckoned (none: UTC).
 */
export const ScheduleSchema = z
  .object({
    start: DateTimeSchema,
    end: DateTimeSchema.nullable().default(null),
    recurrence: RecurrenceSchema,
    time_zone: TimeZoneSchema.nullable().default(null),
  })
  .superRefine((schedule, ctx) => {
    if (schedule.end && Date.parse(schedule.end) < Date.parse(schedule.start)) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: M.scheduleEndBeforeStart });
    }
  });
export type Schedule = z.infer<typeof ScheduleSchema>;

const ReportBase = {
  report_name: ReportNameSchema,
  report_description: z.string().trim().max(REPORT_DESCRIPTION_MAX).default(''),
  category: ReportCategorySchema.default(null),
};

/** POST /report/realtime/ */
export const ItemReportCreateSchema = z.object({
  report_type: z.literal('asset').default('asset'),
  ...ReportBase,
  report_json: ItemReportJsonSchema,
});
export type ItemReportCreate = z.infer<typeof ItemReportCreateSchema>;

/**
 * POST /report/realtime/export: a report as the form shows it, exported without saving it. The
 * name (the file's) may still be empty.
 */
export const ItemReportDraftSchema = ItemReportCreateSchema.extend({
  report_name: z.string().trim().max(REPORT_NAME_MAX, M.MaxLengthError).default(''),
});
export type ItemReportDraft = z.infer<typeof ItemReportDraftSchema>;

/**
 * The report's ordering with `ordering` (a column, `-` before it for descending) first, the
 * report's own after it without that column: what a results header click asks for.
 */
export function orderingFirst(saved: readonly ReportOrdering[], ordering: string | undefined): ReportOrdering[] {
  const field = ordering?.replace(/^-/, '') ?? '';
  if (field === '') return [...saved];
  const value = ordering?.startsWith('-') ? 'descending' : 'ascending';
  return [{ field, value }, ...saved.filter((o) => o.field !== field)];
}

/** What a PATCH may change in either kind: what is sent is changed. */
const reportUpdateCommon = {
  report_name: ReportNameSchema.optional(),
  report_description: z.string().trim().max(REPORT_DESCRIPTION_MAX).optional(),
  category: ReportCategorySchema.optional(),
};

/** PATCH /report/realtime/{id}/ */
export const ItemReportUpdateSchema = z.object({
  report_type: z.literal('asset').optional(),
  ...reportUpdateCommon,
  report_json: ItemReportJsonSchema.optional(),
});
export type ItemReportUpdate = z.infer<typeof ItemReportUpdateSchema>;

/**
 * Beyond the spec: the e-mail addresses a scheduled report's runs are mailed to (the customer's
 * users by their address, or typed in), each once, as an event's e-mail action names them.
 */
export const ReportRecipientsSchema = z
  .array(z.string().trim().max(254))
  .max(REPORT_RECIPIENTS_MAX)
  .superRefine((recipients, ctx) => {
    recipients.forEach((recipient, i) => {
      if (!z.email().safeParse(recipient).success) {
        ctx.addIssue({ code: 'custom', path: [i], message: M.invalidEmailAddress });
      }
    });
  })
  .transform((recipients) => [...new Map(recipients.map((r) => [r.toLowerCase(), r])).values()]);

/** POST /report/scheduled/ */
export const InventoryReportCreateSchema = z.object({
  report_type: z.literal('inventory').default('inventory'),
  ...ReportBase,
  report_json: InventoryReportJsonSchema,
  scheduled: ScheduleSchema,
  recipients: ReportRecipientsSchema.default([]),
});
export type InventoryReportCreate = z.infer<typeof InventoryReportCreateSchema>;

/** PATCH /report/scheduled/{id}/ */
export const InventoryReportUpdateSchema = z.object({
  report_type: z.literal('inventory').optional(),
  ...reportUpdateCommon,
  report_json: InventoryReportJsonSchema.optional(),
  scheduled: ScheduleSchema.optional(),
  recipients: ReportRecipientsSchema.optional(),
});
export type InventoryReportUpdate = z.infer<typeof InventoryReportUpdateSchema>;

export const REPORT_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type ReportRunStatus = (typeof REPORT_RUN_STATUSES)[number];

/** The latest run of a scheduled report, as its list and page show it. */
export const ReportRunSummarySchema = z.object({
  id: z.number().int(),
  created: z.string(),
  status: z.enum(REPORT_RUN_STATUSES),
});

const ReportCommon = {
  id: z.number().int(),
  report_name: z.string(),
  report_description: z.string(),
  category: z.number().int().nullable(),
  created: z.string(),
  updated: z.string(),
};

export const ItemReportSchema = z.object({
  ...ReportCommon,
  report_type: z.literal('asset'),
  report_json: ItemReportJsonSchema,
});
export type ItemReport = z.infer<typeof ItemReportSchema>;

export const InventoryReportSchema = z.object({
  ...ReportCommon,
  report_type: z.literal('inventory'),
  report_json: InventoryReportJsonSchema,
  scheduled: z.object({
    start: z.string(),
    end: z.string().nullable(),
    recurrence: RecurrenceOutputSchema,
    time_zone: z.string().nullable(),
  }),
  recipients: z.array(z.string()),
  /** The next occurrence the scheduler will run; null once past the end. */
  next_run: z.string().nullable(),
  last_run: ReportRunSummarySchema.nullable(),
});
export type InventoryReport = z.infer<typeof InventoryReportSchema>;

export const ReportSchema = z.discriminatedUnion('report_type', [ItemReportSchema, InventoryReportSchema]);
export type Report = z.infer<typeof ReportSchema>;

export const REPORT_ORDERING = ['report_name', 'created', 'updated'] as const;

/** GET /report/realtime/ and /report/scheduled/: paged, searched by name and description. */
export const ReportListQuerySchema = ListQuerySchema.extend({ ordering: orderingSchema(REPORT_ORDERING) });
export type ReportListQuery = z.infer<typeof ReportListQuerySchema>;

/** A run of a scheduled report (history, newest first). */
export const ReportRunSchema = z.object({
  id: z.number().int(),
  created: z.string(),
  /** The occurrence it ran for (null: run on demand). */
  occurrence: z.string().nullable(),
  fileName: z.string().nullable(),
  status: z.enum(REPORT_RUN_STATUSES),
  /** Why a run failed: in English, and (for the server's own refusals) the message's key to translate. */
  error: z.string().nullable(),
  error_code: z.string().nullable(),
  row_count: z.number().int().nullable(),
  attempts: z.number().int(),
});
export type ReportRun = z.infer<typeof ReportRunSchema>;

/**
 * GET /report/realtime/{id}/query/: page and page_size (10, 20, 50 or 100 in the console), and
 * `ordering`, one of the report's columns (`-` before it: descending), which orders the rows
 * before the report's own ordering (a results table's header click); none: the report's ordering.
 */
export const ReportQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: pageSizeSchema(REPORT_PAGE_MAX, DEFAULT_PAGE_SIZE),
  ordering: z
    .string()
    .trim()
    .max(50)
    .regex(/^(-?[a-z][a-z0-9_]*)?$/, M.orderingFieldNotShown)
    .optional(),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** A row of a report's results: one key per column's headerKey. */
export type ReportRow = Record<string, string | number | null>;

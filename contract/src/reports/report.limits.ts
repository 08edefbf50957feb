/** Reports (03 §3, §5, §9): the kinds, fields, operators and limits both sides allow. */

export const REPORT_TYPES = ['asset', 'inventory'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_NAME_MAX = 255;
export const REPORT_DESCRIPTION_MAX = 5000;
/** Page sizes of the results screen (03 §9). */
export const REPORT_PAGE_SIZES = [10, 20, 50, 100] as const;
/** The largest page of results the server answers (a larger page_size is clamped). */
export const REPORT_PAGE_MAX = 100;

/** The item states an item report filters on; the default is in (03 §3, §9). */
export const REPORT_ITEM_STATUSES = ['out', 'in', 'lost'] as const;
export type ReportItemStatus = (typeof REPORT_ITEM_STATUSES)[number];
export const DEFAULT_REPORT_STATUSES: readonly ReportItemStatus[] = ['in'];

/** The columns of an item report (03 §3), code always first; attribute_{id} besides. */
export const ITEM_REPORT_FIELDS = [
  'code',
  'location__name',
  'location__uuid',
  'status',
  'metadata__name',
  'latest_status_update',
  'created',
  'product__name',
  'product__sku',
  'product__product_code',
  'product__category__name',
] as const;
export type ItemReportField = (typeof ITEM_REPORT_FIELDS)[number];
export const ITEM_REPORT_REQUIRED_FIELDS: readonly ItemReportField[] = ['code'];

/** The columns of an inventory report (03 §3); the first three are mandatory. */
export const INVENTORY_REPORT_FIELDS = [
  'location__name',
  'count',
  'product__sku',
  'product__product_code',
  'location__uuid',
  'location__parent__name',
  'product__name',
  'product__category__name',
] as const;
export type InventoryReportField = (typeof INVENTORY_REPORT_FIELDS)[number];
export const INVENTORY_REPORT_REQUIRED_FIELDS: readonly InventoryReportField[] = [
  'location__name',
  'count',
  'product__sku',
];

/** A column of a category attribute's values: attribute_{id}. */
export const ATTRIBUTE_FIELD = /^attribute_([1-9][0-9]{0,17})$/;
export const attributeField = (id: number) => `attribute_${id}`;

export const ORDERING_DIRECTIONS = ['ascending', 'descending'] as const;
export type OrderingDirection = (typeof ORDERING_DIRECTIONS)[number];

/** The attribute kinds a filter knows (dropdown lists use `in`), and their operators (03 §5). */
export const FILTER_ATTRIBUTE_TYPES = ['text', 'number', 'datetime', 'dropdown'] as const;
export type FilterAttributeType = (typeof FILTER_ATTRIBUTE_TYPES)[number];
export const ATTRIBUTE_OPERATORS = {
  text: ['contains', 'excludes', 'exact', 'ne', 'startswith', 'endswith'],
  number: ['exact', 'ne', 'lt', 'lte', 'gt', 'gte', 'between'],
  datetime: ['lt', 'gt', 'exact', 'ne', 'between'],
  dropdown: ['in'],
} as const satisfies Record<FilterAttributeType, readonly string[]>;
export type AttributeOperator = (typeof ATTRIBUTE_OPERATORS)[FilterAttributeType][number];

/** Date filters of item reports: static (absolute) or dynamic (relative, evaluated when the report runs). */
export const STATIC_DATE_OPERATORS = ['lt', 'gt', 'between'] as const;
export type StaticDateOperator = (typeof STATIC_DATE_OPERATORS)[number];
export const DATE_UNITS = ['day', 'week', 'month', 'year'] as const;
export type DateUnit = (typeof DATE_UNITS)[number];
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisYear',
  'lastYear',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
/** A dynamic filter is a preset, or `last` with a unit and a count (the last 3 weeks up to now). */
export const DYNAMIC_DATE_OPERATORS = ['last', ...DATE_PRESETS] as const;
export type DynamicDateOperator = (typeof DYNAMIC_DATE_OPERATORS)[number];
export const DYNAMIC_DATE_VALUE_MAX = 1000;

/** Recurrence of scheduled reports (03 §4, §5, §7): hours in UTC. */
export const RECURRENCE_REPEATS = ['day', 'week', 'month', 'year'] as const;
export type RecurrenceRepeat = (typeof RECURRENCE_REPEATS)[number];
export const RECURRENCE_RANGES = {
  minute: [0, 59],
  hour: [0, 23],
  day_of_week: [0, 6],
  day_of_month: [1, 31],
  month_of_year: [1, 12],
} as const;
export type RecurrenceField = keyof typeof RECURRENCE_RANGES;

/** Runs and their files are kept this many days by default (REPORT_RETENTION_DAYS). */
export const DEFAULT_REPORT_RETENTION_DAYS = 90;
/** Filters and lists of a report stay within these. */
export const REPORT_LIST_MAX = 1000;
export const REPORT_FIELDS_MAX = 200;

/** A scheduled report mails each run to at most this many addresses. */
export const REPORT_RECIPIENTS_MAX = 50;

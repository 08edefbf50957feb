import { z } from 'zod';
import {
  ItemReportCreateSchema,
  DEFAULT_REPORT_STATUSES,
  ITEM_REPORT_REQUIRED_FIELDS,
  type AttributeFilter,
  type CategoryField,
  type DateFilter,
  type DateUnit,
  type FilterAttributeType,
  type ItemReport,
  type ItemReportCreate,
  type ReportColumn,
  type ReportItemStatus,
  type ReportOrdering,
  type ReportType,
} from '@tagtrack/contract';
import { DEFAULT_ORDERING, columnChoices, defaultColumns } from './report-columns';

/** The form's category: -1 all (sent as null), 0 none, else a category id (03 §3). */
export const FORM_CATEGORY_ALL = -1;

/** A date filter as the form edits it; an empty dynamic one has no operator (03 §4). */
export interface DateFilterForm {
  type: 'static' | 'dynamic';
  /** lt, gt, between (static); last or a preset (dynamic); '' not chosen. */
  operator: string;
  start: string | null;
  end: string | null;
  unit: DateUnit | null;
  value: number | null;
}

/** An attribute filter as the form edits it: between in two boxes, a dropdown's choices as a list. */
export interface AttributeFilterForm {
  id: number;
  name: string;
  type: FilterAttributeType;
  operator: string;
  /** The value, or a between's start (datetimes as ISO strings, numbers as text). */
  value: string;
  end: string;
  values: string[];
}

export interface FilterOptions {
  is_last_seen: boolean;
  is_created: boolean;
  is_asset_attribute: boolean;
}

export interface ItemReportFormValues {
  report_name: string;
  report_description: string;
  category: number;
  status: ReportItemStatus[];
  product: number[];
  location: string[];
  options: FilterOptions;
  latest_status_update: DateFilterForm;
  created: DateFilterForm;
  attribute_filters: AttributeFilterForm[];
  fields: ReportColumn[];
  ordering: ReportOrdering[];
}

export type ItemReportFormMode = 'create' | 'edit' | 'duplicate';

export const emptyDateFilter = (): DateFilterForm => ({
  type: 'dynamic',
  operator: '',
  start: null,
  end: null,
  unit: null,
  value: null,
});

/** A new report: status in, no other filter, every column, ordered by code ascending. */
export function newReportValues(header: (key: string) => string): ItemReportFormValues {
  return {
    report_name: '',
    report_description: '',
    category: FORM_CATEGORY_ALL,
    status: [...DEFAULT_REPORT_STATUSES],
    product: [],
    location: [],
    options: { is_last_seen: false, is_created: false, is_asset_attribute: false },
    latest_status_update: emptyDateFilter(),
    created: emptyDateFilter(),
    attribute_filters: [],
    fields: defaultColumns(header),
    ordering: [...DEFAULT_ORDERING],
  };
}

function dateFilterForm(filter: DateFilter | undefined): DateFilterForm {
  if (!filter) return emptyDateFilter();
  if (filter.type === 'static') {
    return {
      ...emptyDateFilter(),
      type: 'static',
      operator: filter.operator,
      start: filter.start ?? null,
      end: filter.end ?? null,
    };
  }
  return { ...emptyDateFilter(), operator: filter.operator, unit: filter.unit ?? null, value: filter.value ?? null };
}

function attributeFilterForm(filter: AttributeFilter): AttributeFilterForm {
  const base = {
    id: filter.id,
    name: filter.name,
    type: filter.type,
    operator: filter.operator,
    value: '',
    end: '',
    values: [],
  };
  if (Array.isArray(filter.value)) return { ...base, values: filter.value };
  if (filter.operator === 'between') {
    const [start = '', end = ''] = filter.value.split(',');
    return { ...base, value: start, end };
  }
  return { ...base, value: filter.value };
}

/** A saved report in the form; a duplicate's name is emptied so that a new one must be entered (03 §4). */
export function reportFormValues(report: ItemReport, mode: ItemReportFormMode): ItemReportFormValues {
  const { filters, report_filter_option, attribute_filters, fields, ordering } = report.report_json;
  const option = report_filter_option[0] ?? {};
  return {
    report_name: mode === 'duplicate' ? '' : report.report_name,
    report_description: report.report_description,
    category: report.category ?? FORM_CATEGORY_ALL,
    // None saved lists items in (03 §3, §9): the form shows that default ticked.
    status: filters.status && filters.status.length > 0 ? [...filters.status] : [...DEFAULT_REPORT_STATUSES],
    product: [...(filters.product ?? [])],
    location: [...(filters.location ?? [])],
    options: {
      is_last_seen: Boolean(option.is_last_seen) && filters.latest_status_update !== undefined,
      is_created: Boolean(option.is_created) && filters.created !== undefined,
      is_asset_attribute: Boolean(option.is_asset_attribute) || attribute_filters.length > 0,
    },
    latest_status_update: dateFilterForm(filters.latest_status_update),
    created: dateFilterForm(filters.created),
    attribute_filters: attribute_filters.map(attributeFilterForm),
    fields: fields.map((f) => ({ ...f })),
    ordering: ordering.map((o) => ({ ...o })),
  };
}

/** A date filter as a save sends it (and as the contract checks it). */
export function dateFilterPayload(filter: DateFilterForm): DateFilter {
  if (filter.type === 'static') {
    return {
      type: 'static',
      operator: filter.operator as 'lt',
      start: filter.start,
      ...(filter.operator === 'between' ? { end: filter.end } : {}),
    };
  }
  return {
    type: 'dynamic',
    operator: filter.operator as 'last',
    ...(filter.operator === 'last' ? { unit: filter.unit, value: filter.value } : {}),
  };
}

/** An attribute filter's value as the server takes it: a dropdown's list, between as 'start,end', else text. */
export function attributeFilterPayload(filter: AttributeFilterForm): AttributeFilter {
  const value =
    filter.type === 'dropdown'
      ? filter.values
      : filter.operator === 'between'
        ? `${filter.value.trim()},${filter.end.trim()}`
        : filter.value.trim();
  return { id: filter.id, name: filter.name, type: filter.type, operator: filter.operator, value };
}

/**
 * What a save sends (03 §7): empty status, product and location filters and the date filters
 * whose option is off are dropped, the form's -1 category is sent as null, attribute values are
 * normalised, and the browser's time zone goes with it for the dynamic dates.
 */
export function toItemReportPayload(values: ItemReportFormValues, timeZone: string): ItemReportCreate {
  const { options } = values;
  return {
    report_type: 'asset',
    report_name: values.report_name.trim(),
    report_description: values.report_description.trim(),
    category: values.category === FORM_CATEGORY_ALL ? null : values.category,
    report_json: {
      filters: {
        ...(values.location.length > 0 ? { location: values.location } : {}),
        ...(values.status.length > 0 ? { status: values.status } : {}),
        ...(values.product.length > 0 ? { product: values.product } : {}),
        ...(options.is_last_seen ? { latest_status_update: dateFilterPayload(values.latest_status_update) } : {}),
        ...(options.is_created ? { created: dateFilterPayload(values.created) } : {}),
      },
      attribute_filters: options.is_asset_attribute ? values.attribute_filters.map(attributeFilterPayload) : [],
      report_filter_option: [options],
      fields: values.fields,
      ordering: values.ordering,
      time_zone: timeZone,
    },
  };
}

/** The browser's IANA time zone, kept with the report for its dynamic dates. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A contract issue's path in the payload (or a server error's dotted field) as the form's field path. */
export function formPath(path: readonly PropertyKey[]): PropertyKey[] {
  const [head, second, third, ...rest] = path;
  if (head !== 'report_json') return [...path];
  if (second === 'filters') return [third ?? 'status', ...rest];
  return [second ?? 'fields', ...(third === undefined ? [] : [third]), ...rest];
}

/** A server ValidationError's field (`report_json.attribute_filters.0.id`) as the form's field. */
export const serverFieldToFormField = (field: string): string => formPath(field.split('.')).join('.');

/**
 * The form's rules are the contract's: the values are turned into the payload, checked with
 * ItemReportCreateSchema, and each message (a key) is put on the field it is about.
 */
export const itemReportFormSchema = z.custom<ItemReportFormValues>().superRefine((values, ctx) => {
  const result = ItemReportCreateSchema.safeParse(toItemReportPayload(values, browserTimeZone()));
  if (result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: formPath(issue.path), message: issue.message });
  }
});

/**
 * What sets one kind of report form apart (the item report's, the scheduled inventory report's):
 * both edit ItemReportFormValues in the same shell, with their own rules, values and columns.
 */
export interface ReportFormKind<R> {
  /** Whose column titles and attributes: an item report's item attributes, an inventory report's product ones. */
  type: ReportType;
  /** The form's rules: the contract's, checked on what a save sends. */
  schema: z.ZodType<ItemReportFormValues, ItemReportFormValues>;
  newValues: (header: (key: string) => string) => ItemReportFormValues;
  /** A saved report's values; a duplicate's name is emptied. */
  savedValues: (report: R, mode: ItemReportFormMode) => ItemReportFormValues;
  /** The columns and ordering a new category starts again from (03 §4). */
  defaultColumns: (header: (key: string) => string) => ReportColumn[];
  defaultOrdering: readonly ReportOrdering[];
  /** The columns a report of a category may show. */
  columnChoices: (header: (key: string) => string, attributes: readonly CategoryField[]) => ReportColumn[];
  /** The columns that may not be removed. */
  requiredColumns: readonly string[];
}

/** The real-time item report's form (03 §3): every column by default, code required. */
export const ITEM_REPORT_FORM: ReportFormKind<ItemReport> = {
  type: 'asset',
  schema: itemReportFormSchema,
  newValues: newReportValues,
  savedValues: reportFormValues,
  defaultColumns,
  defaultOrdering: DEFAULT_ORDERING,
  columnChoices,
  requiredColumns: ITEM_REPORT_REQUIRED_FIELDS,
};

/** The filter kind of a category attribute. */
export const ATTRIBUTE_KIND: Record<CategoryField['type'], FilterAttributeType> = {
  Text: 'text',
  Number: 'number',
  DateTime: 'datetime',
  DropdownList: 'dropdown',
};

/** A new filter on an attribute: a dropdown takes `in`; the others wait for an operator. */
export function newAttributeFilter(field: CategoryField): AttributeFilterForm {
  const type = ATTRIBUTE_KIND[field.type];
  return {
    id: field.id,
    name: field.name,
    type,
    operator: type === 'dropdown' ? 'in' : '',
    value: '',
    end: '',
    values: [],
  };
}

import { describe, expect, it } from 'vitest';
import {
  AttributeFilterSchema,
  DateFilterSchema,
  dateFilterIssues,
  InventoryReportCreateSchema,
  ItemReportCreateSchema,
} from './report.schemas.js';

const code = { header: 'Code', headerKey: 'code' };
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('item report', () => {
  it('takes the spec’s body, with the defaults of 03 §3', () => {
    const report = ItemReportCreateSchema.parse({
      report_name: '  Lost this week ',
      report_json: {
        fields: [code],
        filters: { status: ['lost'], created: { type: 'dynamic', operator: 'thisWeek' } },
      },
    });
    expect(report).toMatchObject({
      report_type: 'asset',
      report_name: 'Lost this week',
      report_description: '',
      category: null,
      report_json: { attribute_filters: [], ordering: [], filters: { status: ['lost'] } },
    });
  });

  it('requires a name of at most 255 characters', () => {
    expect(messages(ItemReportCreateSchema.safeParse({ report_name: ' ', report_json: { fields: [code] } }))).toEqual({
      report_name: 'reportNameRequired',
    });
    expect(
      messages(ItemReportCreateSchema.safeParse({ report_name: 'x'.repeat(256), report_json: { fields: [code] } })),
    ).toEqual({ report_name: 'MaxLengthError' });
  });

  it('requires the code column, refuses unknown and repeated columns, and orders only by chosen columns once', () => {
    const result = ItemReportCreateSchema.safeParse({
      report_name: 'R',
      report_json: {
        fields: [
          { header: 'Status', headerKey: 'status' },
          { header: 'Status', headerKey: 'status' },
          { header: 'Password', headerKey: 'user__password' },
          { header: 'Colour', headerKey: 'attribute_12' },
        ],
        ordering: [
          { field: 'status', value: 'ascending' },
          { field: 'status', value: 'descending' },
          { field: 'created', value: 'ascending' },
        ],
      },
    });
    expect(messages(result)).toEqual({
      'report_json.fields.1.headerKey': 'reportFieldRepeated',
      'report_json.fields.2.headerKey': 'reportFieldUnknown',
      'report_json.fields': 'reportFieldRequired|field=code',
      'report_json.ordering.1.field': 'orderingFieldRepeated',
      'report_json.ordering.2.field': 'orderingFieldNotShown',
    });
  });

  it('refuses an attribute filtered twice', () => {
    const filter = { id: 4, name: 'Size', type: 'number', operator: 'gt', value: '3' };
    const result = ItemReportCreateSchema.safeParse({
      report_name: 'R',
      report_json: { fields: [code], attribute_filters: [filter, filter] },
    });
    expect(messages(result)).toEqual({ 'report_json.attribute_filters.1.id': 'attributeFilterRepeated' });
  });
});

describe('attribute filters (03 §5)', () => {
  const filter = (type: string, operator: string, value: unknown) =>
    messages(AttributeFilterSchema.safeParse({ id: 1, name: 'A', type, operator, value }));

  it('allows each type its operators only', () => {
    expect(filter('text', 'startswith', 'ab')).toEqual({});
    expect(filter('text', 'gt', 'ab')).toEqual({ operator: 'operatorRequired' });
    expect(filter('number', 'between', '1,5')).toEqual({});
    expect(filter('datetime', 'lte', '2026-01-01T00:00:00Z')).toEqual({ operator: 'operatorRequired' });
    expect(filter('dropdown', 'in', ['Red', 'Blue'])).toEqual({});
    expect(filter('dropdown', 'exact', 'Red')).toEqual({ operator: 'operatorRequired' });
    expect(filter('text', '', 'x')).toEqual({ operator: 'operatorRequired' });
  });

  it('requires a value, a start for between, an end not below it, and values of the type', () => {
    expect(filter('text', 'contains', ' ')).toEqual({ value: 'valueRequired' });
    expect(filter('dropdown', 'in', [])).toEqual({ value: 'valueRequired' });
    expect(filter('number', 'between', ',5')).toEqual({ value: 'valueRequired' });
    expect(filter('number', 'between', '5,')).toEqual({ value: 'invalidRange' });
    expect(filter('number', 'between', '5,2')).toEqual({ value: 'invalidRange' });
    expect(filter('number', 'between', '5,5')).toEqual({});
    expect(filter('number', 'gt', 'ten')).toEqual({ value: 'attributeValueNotNumber' });
    expect(filter('datetime', 'between', '2026-02-01T00:00:00Z,2026-01-01T00:00:00Z')).toEqual({
      value: 'invalidRange',
    });
    expect(filter('datetime', 'gt', 'yesterday')).toEqual({ value: 'attributeValueNotDate' });
  });
});

describe('date filters', () => {
  it('static: a start when an operator is set, and for between an end later than the start', () => {
    expect(messages(DateFilterSchema.safeParse({ type: 'static', operator: 'gt' }))).toEqual({
      start: 'startDateRequired',
    });
    expect(
      messages(
        DateFilterSchema.safeParse({
          type: 'static',
          operator: 'between',
          start: '2026-03-01T10:00:00+01:00',
          end: '2026-03-01T09:00:00Z',
        }),
      ),
    ).toEqual({ end: 'endDateAfterStart' });
  });

  it('dynamic: a preset, or the last n units', () => {
    expect(DateFilterSchema.safeParse({ type: 'dynamic', operator: 'lastMonth' }).success).toBe(true);
    expect(DateFilterSchema.safeParse({ type: 'dynamic', operator: 'last', unit: 'week', value: 3 }).success).toBe(
      true,
    );
    expect(messages(DateFilterSchema.safeParse({ type: 'dynamic', operator: 'last' }))).toEqual({
      unit: 'valueRequired',
      value: 'valueRequired',
    });
  });

  it('dateFilterIssues: the first message of each part, for an empty or reversed range and a bad number of units', () => {
    expect(dateFilterIssues({ type: 'static', operator: 'between', start: null, end: null })).toEqual({
      start: 'startDateRequired',
    });
    const start = '2026-03-01T10:00:00Z';
    expect(dateFilterIssues({ type: 'static', operator: 'between', start, end: null })).toEqual({
      end: 'endDateAfterStart',
    });
    expect(dateFilterIssues({ type: 'static', operator: 'between', start, end: '2026-03-01T09:00:00Z' })).toEqual({
      end: 'endDateAfterStart',
    });
    expect(dateFilterIssues({ type: 'static', operator: 'between', start, end: start })).toEqual({
      end: 'endDateAfterStart',
    });
    const last = (value: unknown) => dateFilterIssues({ type: 'dynamic', operator: 'last', unit: 'day', value });
    expect(last(null)).toEqual({ value: 'valueRequired' });
    expect(last(0)).toEqual({ value: 'numberAtLeast|min=1' });
    expect(last(-3)).toEqual({ value: 'numberAtLeast|min=1' });
    expect(last(2.5)).toEqual({ value: 'invalidInteger' });
    expect(last(1001)).toEqual({ value: 'numberAtMost|max=1000' });
    expect(last(7)).toEqual({});
    expect(dateFilterIssues({ type: 'dynamic', operator: '' })).toEqual({ operator: 'operatorRequired' });
  });
});

describe('scheduled inventory report', () => {
  const body = {
    report_name: 'Weekly levels',
    report_json: {
      fields: [
        { header: 'Location', headerKey: 'location__name' },
        { header: 'Count', headerKey: 'count' },
        { header: 'SKU', headerKey: 'product__sku' },
      ],
      ordering: [{ field: 'product__sku', value: 'ascending' }],
    },
    scheduled: {
      start: '2026-12-01T06:00:00Z',
      end: null,
      recurrence: { minute: '0', hour: '6', day_of_week: '1', day_of_month: '*', month_of_year: '*' },
    },
  };

  it('takes the spec’s body', () => {
    expect(InventoryReportCreateSchema.parse(body)).toMatchObject({ report_type: 'inventory', category: null });
  });

  it('requires the mandatory columns and an end not before the start', () => {
    const result = InventoryReportCreateSchema.safeParse({
      ...body,
      report_json: { ...body.report_json, fields: [{ header: 'SKU', headerKey: 'product__sku' }], ordering: [] },
      scheduled: { ...body.scheduled, end: '2026-11-30T06:00:00Z' },
    });
    expect(messages(result)).toEqual({
      'report_json.fields': 'reportFieldRequired|field=count',
      'scheduled.end': 'scheduleEndBeforeStart',
    });
  });

  it('refuses an item column', () => {
    const result = InventoryReportCreateSchema.safeParse({
      ...body,
      report_json: { ...body.report_json, fields: [...body.report_json.fields, code] },
    });
    expect(messages(result)).toEqual({ 'report_json.fields.3.headerKey': 'reportFieldUnknown' });
  });
});

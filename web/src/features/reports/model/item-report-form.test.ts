import { describe, expect, it } from 'vitest';
import { itemReport } from '../test/report-fixtures';
import {
  emptyDateFilter,
  itemReportFormSchema,
  newReportValues,
  reportFormValues,
  serverFieldToFormField,
  toItemReportPayload,
  type ItemReportFormValues,
} from './item-report-form';

const header = (key: string) => key.toUpperCase();

function values(overrides: Partial<ItemReportFormValues> = {}): ItemReportFormValues {
  return { ...newReportValues(header), report_name: 'Out today', ...overrides };
}

describe('toItemReportPayload (03 §7)', () => {
  it('drops the empty filters and the date filters whose option is off; -1 is sent as null', () => {
    const payload = toItemReportPayload(
      values({
        status: [],
        options: { is_last_seen: false, is_created: true, is_asset_attribute: false },
        created: { ...emptyDateFilter(), operator: 'last', unit: 'week', value: 2 },
        latest_status_update: { ...emptyDateFilter(), operator: 'today' },
      }),
      'Europe/Prague',
    );
    expect(payload.category).toBeNull();
    expect(payload.report_json.filters).toEqual({
      created: { type: 'dynamic', operator: 'last', unit: 'week', value: 2 },
    });
    expect(payload.report_json.time_zone).toBe('Europe/Prague');
    expect(payload.report_json.ordering).toEqual([{ field: 'code', value: 'ascending' }]);
  });

  it('normalises attribute values: between as start,end, dropdowns as lists, text trimmed', () => {
    const payload = toItemReportPayload(
      values({
        category: 4,
        options: { is_last_seen: false, is_created: false, is_asset_attribute: true },
        attribute_filters: [
          { id: 1, name: 'Weight', type: 'number', operator: 'between', value: '2', end: '5.5', values: [] },
          { id: 2, name: 'Colour', type: 'dropdown', operator: 'in', value: '', end: '', values: ['Red'] },
          { id: 3, name: 'Maker', type: 'text', operator: 'contains', value: ' Acme ', end: '', values: [] },
        ],
      }),
      'UTC',
    );
    expect(payload.category).toBe(4);
    expect(payload.report_json.attribute_filters.map((f) => f.value)).toEqual(['2,5.5', ['Red'], 'Acme']);
  });

  it('reads a saved between back into its two boxes and empties a duplicate’s name', () => {
    const report = itemReport(3, 'Heavy', {
      category: 4,
      report_json: {
        ...itemReport(3, '').report_json,
        attribute_filters: [{ id: 1, name: 'Weight', type: 'number', operator: 'between', value: '2,5' }],
      },
    });
    const form = reportFormValues(report, 'duplicate');
    expect(form.report_name).toBe('');
    expect(form.attribute_filters[0]).toMatchObject({ value: '2', end: '5' });
    expect(form.options.is_asset_attribute).toBe(true);
    expect(reportFormValues(report, 'edit').report_name).toBe('Heavy');
  });
});

describe('itemReportFormSchema: the contract’s rules on the form’s fields', () => {
  const issues = (form: ItemReportFormValues) => {
    const result = itemReportFormSchema.safeParse(form);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('accepts a new report with a name', () => {
    expect(issues(values())).toEqual([]);
  });

  it('puts the messages on the form’s paths', () => {
    expect(issues(values({ report_name: ' ' }))).toEqual([['report_name', 'reportNameRequired']]);
    expect(
      issues(
        values({
          options: { is_last_seen: true, is_created: false, is_asset_attribute: false },
          latest_status_update: { ...emptyDateFilter(), type: 'static', operator: 'lt' },
        }),
      ),
    ).toEqual([['latest_status_update.start', 'startDateRequired']]);
    expect(
      issues(
        values({
          category: 4,
          options: { is_last_seen: false, is_created: false, is_asset_attribute: true },
          attribute_filters: [
            { id: 1, name: 'W', type: 'number', operator: 'between', value: '5', end: '2', values: [] },
          ],
        }),
      ),
    ).toEqual([['attribute_filters.0.value', 'invalidRange']]);
  });
});

describe('serverFieldToFormField', () => {
  it('maps the server’s report_json paths onto the form’s fields', () => {
    expect(serverFieldToFormField('report_json.attribute_filters.0.id')).toBe('attribute_filters.0.id');
    expect(serverFieldToFormField('report_json.filters.location')).toBe('location');
    expect(serverFieldToFormField('report_json.fields')).toBe('fields');
    expect(serverFieldToFormField('report_name')).toBe('report_name');
  });
});

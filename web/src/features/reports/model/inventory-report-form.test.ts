import { describe, expect, it } from 'vitest';
import { scheduledReport } from '../test/report-fixtures';
import {
  inventoryReportFormSchema,
  inventoryReportFormValues,
  newInventoryReportValues,
  newSchedule,
  recurrenceValid,
  reportSchedule,
  toInventoryReportBody,
} from './inventory-report-form';

const header = (key: string) => key;
const NOW = new Date('2026-12-01T09:30:42.000Z');

describe('the inventory report form (03 §3, §4, §7)', () => {
  it('starts with the three mandatory columns, SKU ascending, all categories sent as null', () => {
    const body = toInventoryReportBody({ ...newInventoryReportValues(header), report_name: ' Levels ' }, 'UTC');
    expect(body.report_name).toBe('Levels');
    expect(body.category).toBeNull();
    expect(body.report_json.filters).toEqual({ category: null });
    expect(body.report_json.fields.map((f) => f.headerKey)).toEqual(['location__name', 'count', 'product__sku']);
    expect(body.report_json.ordering).toEqual([{ field: 'product__sku', value: 'ascending' }]);
  });

  it('sends category 0 (none), locations, products and product attribute filters', () => {
    const values = {
      ...newInventoryReportValues(header),
      report_name: 'x',
      category: 0,
      product: [3],
      location: ['8f0c6c1e-4c59-4a4e-9d8e-2f7f2f0b1a11'],
    };
    expect(toInventoryReportBody(values, 'UTC').report_json.filters).toEqual({
      location: ['8f0c6c1e-4c59-4a4e-9d8e-2f7f2f0b1a11'],
      product: [3],
      category: 0,
    });
  });

  it('reads a saved report back; a duplicate has no name and starts now', () => {
    const report = scheduledReport(7, 'Weekly', { hour: '5' }, { category: 4 });
    const values = inventoryReportFormValues(report, 'duplicate');
    expect(values.report_name).toBe('');
    expect(values.category).toBe(4);
    expect(values.status).toEqual([]);
    expect(reportSchedule(report, 'duplicate', NOW).start).toEqual(new Date('2026-12-01T09:30:00.000Z'));
    expect(reportSchedule(report, 'edit', NOW).start).toEqual(new Date(report.scheduled.start));
  });

  it('a new schedule starts this minute, daily at its time in the user’s zone (UTC sent)', () => {
    const schedule = newSchedule(NOW, 'Europe/Berlin');
    expect(schedule.start).toEqual(new Date('2026-12-01T09:30:00.000Z'));
    expect(schedule.end).toBeNull();
    expect(schedule.recurrence).toMatchObject({ hour: '9', minute: '30', day_of_week: '*' });
    expect(recurrenceValid({ ...schedule.recurrence, day_of_month: '32' })).toBe(false);
  });

  it('requires a name and the mandatory columns', () => {
    const values = { ...newInventoryReportValues(header), fields: [] };
    const result = inventoryReportFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('report_name');
    expect(paths).toContain('fields');
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { reportRunFileName, type ItemReportJson, type InventoryReportJson, type Recurrence } from '@tagtrack/contract';
import { categories, categoryFields, reportRuns, reports } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { nextOccurrence } from '../../modules/reports/occurrences.js';
import { compiledReport, storeReportCsv } from '../../modules/reports/report-results.service.js';
import type { FileStorage } from '../../lib/storage/file-storage.js';

const DAY = 86_400_000;
const WEEKLY: Recurrence = { minute: '0', hour: '6', day_of_week: '1', day_of_month: '*', month_of_year: '*' };

/**
 * Demo reports (docs/reports.md): three item reports (stock by location, items lost this week, an
 * attribute filter) and a weekly inventory report with the runs of the last three Mondays in its
 * history, their files written from the demo's counts.
 */
export async function seedDemoReports(tenant: TenantScope, storage: FileStorage, now = new Date()): Promise<void> {
  const code = { header: 'EPC', headerKey: 'code' };
  const [it] = await tenant.db
    .select({ id: categories.id })
    .from(categories)
    .where(tenant.where(categories, eq(categories.name, 'IT Equipment')));
  const [condition] = it
    ? await tenant.db
        .select({ id: categoryFields.id })
        .from(categoryFields)
        .where(
          tenant.where(categoryFields, and(eq(categoryFields.categoryId, it.id), eq(categoryFields.name, 'Condition'))),
        )
    : [];
  const itemReports: { name: string; description: string; category: number | null; json: ItemReportJson }[] = [
    {
      name: 'Stock by location',
      description: 'Every item in stock, by location.',
      category: null,
      json: {
        filters: { status: ['in'] },
        attribute_filters: [],
        report_filter_option: [{ is_last_seen: false, is_created: false, is_asset_attribute: false }],
        fields: [
          { header: 'Location', headerKey: 'location__name' },
          code,
          { header: 'Product', headerKey: 'product__name' },
          { header: 'SKU', headerKey: 'product__sku' },
          { header: 'Last update', headerKey: 'latest_status_update' },
        ],
        ordering: [
          { field: 'location__name', value: 'ascending' },
          { field: 'code', value: 'ascending' },
        ],
        time_zone: 'UTC',
      },
    },
    {
      name: 'Lost items this week',
      description: 'Items that went missing since Monday.',
      category: null,
      json: {
        filters: { status: ['lost'], latest_status_update: { type: 'dynamic', operator: 'thisWeek' } },
        attribute_filters: [],
        report_filter_option: [{ is_last_seen: true, is_created: false, is_asset_attribute: false }],
        fields: [
          code,
          { header: 'Product', headerKey: 'product__name' },
          { header: 'Location', headerKey: 'location__name' },
          { header: 'Last update', headerKey: 'latest_status_update' },
        ],
        ordering: [{ field: 'latest_status_update', value: 'descending' }],
        time_zone: 'UTC',
      },
    },
  ];
  if (it && condition) {
    itemReports.push({
      name: 'IT equipment worn or broken',
      description: 'IT equipment whose condition calls for a replacement.',
      category: it.id,
      json: {
        filters: { status: ['in', 'out'] },
        attribute_filters: [
          { id: condition.id, name: 'Condition', type: 'dropdown', operator: 'in', value: ['Worn', 'Broken'] },
        ],
        report_filter_option: [{ is_last_seen: false, is_created: false, is_asset_attribute: true }],
        fields: [
          code,
          { header: 'Product', headerKey: 'product__name' },
          { header: 'Condition', headerKey: `attribute_${condition.id}` },
          { header: 'Location', headerKey: 'location__name' },
        ],
        ordering: [{ field: 'code', value: 'ascending' }],
        time_zone: 'UTC',
      },
    });
  }
  for (const report of itemReports) {
    await tenant.insert(reports, {
      reportType: 'asset',
      name: report.name,
      description: report.description,
      category: report.category,
      reportJson: report.json,
    });
  }

  const inventoryJson: InventoryReportJson = {
    filters: {},
    attribute_filters: [],
    report_filter_option: [{ is_asset_attribute: false }],
    fields: [
      { header: 'SKU', headerKey: 'product__sku' },
      { header: 'Product', headerKey: 'product__name' },
      { header: 'Location', headerKey: 'location__name' },
      { header: 'Parent location', headerKey: 'location__parent__name' },
      { header: 'Count', headerKey: 'count' },
    ],
    ordering: [
      { field: 'product__sku', value: 'ascending' },
      { field: 'location__name', value: 'ascending' },
    ],
    time_zone: 'UTC',
  };
  const schedule = { start: new Date(now.getTime() - 28 * DAY), end: null, recurrence: WEEKLY };
  const [weekly] = await tenant
    .insert(reports, {
      reportType: 'inventory',
      name: 'Weekly inventory levels',
      description: 'Items in stock per location and product, every Monday at 06:00 UTC.',
      category: null,
      reportJson: inventoryJson,
      scheduleStart: schedule.start,
      scheduleEnd: null,
      recurrence: WEEKLY,
      nextRunAt: nextOccurrence(WEEKLY, schedule, now),
    })
    .returning();
  // The last three Mondays' runs, written from today's counts. The seed is one transaction, and
  // the counts of the items it made are settled at its commit (docs/counts.md): settle them now.
  await tenant.db.execute(sql`set constraints all immediate`);
  const occurrences: Date[] = [];
  for (
    let at = nextOccurrence(WEEKLY, schedule, schedule.start);
    at && at < now;
    at = nextOccurrence(WEEKLY, schedule, at)
  ) {
    occurrences.push(at);
  }
  const compiled = await compiledReport(tenant, weekly!, now);
  for (const occurrence of occurrences.slice(-3)) {
    const file = (await storeReportCsv(tenant, storage, weekly!, compiled))!;
    await tenant.insert(reportRuns, {
      reportId: weekly!.id,
      occurrence,
      status: 'succeeded',
      fileKey: file.key,
      fileName: reportRunFileName(weekly!.name, occurrence, 'UTC'),
      rowCount: file.rowCount,
      createdAt: occurrence,
      finishedAt: new Date(occurrence.getTime() + 2000),
    });
  }
}

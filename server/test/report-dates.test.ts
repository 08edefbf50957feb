// Dates and zones of reports (contract common/dates.ts, docs/reports.md): what the database cannot
// take is refused when a report is saved, and a report stored with such a value earlier answers
// 400 on its query, export and run, never 500; an item's DateTime attribute in the year 0 stored
// earlier no longer fails the reports that order or filter by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { timeZones, type ItemReport, type ItemReportJson } from '@tagtrack/contract';
import { items, reportRuns, reports } from '../src/db/schema/index.js';
import { sqlRows } from '../src/db/sql-rows.js';
import { runReportJob } from '../src/modules/reports/report-runs.service.js';
import { LocalDiskStorage } from '../src/lib/storage/file-storage.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { makeCategory, specialLocation, tenantOf } from './catalogue-fixtures.js';
import { dailyStockReport, STOCK_FIELDS } from './report-fixtures.js';
import { nid32 } from './reader-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let viewer: Awaited<ReturnType<typeof signedIn>>;
let operator: Awaited<ReturnType<typeof signedIn>>;
let customerId: number;
let serviced: number;
let category: number;
let product: number;

const REALTIME = '/report/realtime/';
const SCHEDULED = '/report/scheduled/';
const code = { header: 'EPC', headerKey: 'code' };
const post = (url: string, payload: object, token = admin.token) => t.call({ method: 'POST', url, token, payload });
const get = (url: string, token = admin.token) => t.call({ method: 'GET', url, token });
const codesOf = (res: { json: <T>() => T }) => res.json<{ codes: Record<string, { code: string }[]> }>().codes;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  viewer = await signedIn(t, 'viewer', admin.customerName);
  operator = await signedIn(t, 'operator', admin.customerName);
  customerId = admin.user.customerId;
  const tools = await makeCategory(t, customerId, {
    name: 'Tools',
    fields: [{ name: 'Serviced', type: 'DateTime', asset_data: true }],
  });
  category = tools.id;
  serviced = tools.fields[0]!.id;
  const created = await post('/master-data/product/', { sku: '100', name: 'Drill', category });
  expect(created.statusCode, created.body).toBe(201);
  product = created.json<{ id: number }>().id;
});
afterAll(() => t.close());

/** A report row written as an earlier version (or a hand) could have stored it, past today's schemas. */
async function storedReport(type: 'asset' | 'inventory', json: Record<string, unknown>): Promise<number> {
  const [row] = await tenantOf(t, customerId)
    .insert(reports, {
      reportType: type,
      name: `Stored ${Math.random()}`,
      reportJson: {
        fields: type === 'asset' ? [code] : STOCK_FIELDS,
        filters: {},
        ordering: [],
        attribute_filters: [],
        ...json,
      } as unknown as ItemReportJson,
      ...(type === 'inventory'
        ? {
            scheduleStart: new Date(),
            recurrence: { minute: '0', hour: '6', day_of_week: '*', day_of_month: '*', month_of_year: '*' },
          }
        : {}),
    })
    .returning({ id: reports.id });
  return row!.id;
}

describe('saving a report', () => {
  it('refuses dates and zones the database cannot take, each with its field message', async () => {
    const item = await post(REALTIME, {
      report_name: 'Bad dates',
      report_json: {
        fields: [code],
        time_zone: 'US/Pacific-New',
        filters: { created: { type: 'static', operator: 'lt', start: '0000-01-01T00:00:00Z' } },
        attribute_filters: [
          { id: serviced, name: 'Serviced', type: 'datetime', operator: 'gt', value: '2026-01-01T00:00:00+16:00' },
        ],
      },
      category,
    });
    expect(item.statusCode, item.body).toBe(400);
    expect(codesOf(item)).toEqual({
      'report_json.time_zone': [{ code: 'unknownTimeZone' }],
      'report_json.filters.created.start': [{ code: 'invalidDateTime' }],
      'report_json.attribute_filters.0.value': [{ code: 'attributeValueNotDate' }],
    });

    const body = dailyStockReport('Bad schedule', 3600_000);
    const scheduled = await post(SCHEDULED, {
      ...body,
      report_json: { ...body.report_json, time_zone: 'Mars/Olympus_Mons' },
      scheduled: { ...body.scheduled, start: '2026-12-01T06:00:00+16:00', end: '0000-12-31T00:00:00Z' },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(400);
    expect(codesOf(scheduled)).toEqual({
      'report_json.time_zone': [{ code: 'unknownTimeZone' }],
      'scheduled.start': [{ code: 'invalidDateTime' }],
      'scheduled.end': [{ code: 'invalidDateTime' }, { code: 'scheduleEndBeforeStart' }],
    });
  });

  it('takes every zone the rule accepts: the database knows each of them', async () => {
    const known = new Set(
      (await sqlRows<{ name: string }>(t.database.privileged, sql`select name from pg_timezone_names`)).map(
        (r) => r.name,
      ),
    );
    expect([...timeZones()].filter((zone) => !known.has(zone))).toEqual([]);
  });
});

describe('a report stored with a value the rules now refuse', () => {
  it('answers 400 with the field and what to do on its query and export, for every role', async () => {
    const zone = await storedReport('asset', { time_zone: 'US/Pacific-New' });
    const date = await storedReport('asset', {
      filters: {
        latest_status_update: {
          type: 'static',
          operator: 'between',
          start: '0000-01-01T00:00:00Z',
          end: '2026-01-01T00:00:00+16:00',
        },
      },
    });
    const attribute = await storedReport('asset', {
      attribute_filters: [
        { id: serviced, name: 'Serviced', type: 'datetime', operator: 'lt', value: '0000-06-01T00:00:00Z' },
      ],
    });
    const expected = {
      [zone]: { time_zone: [{ code: 'unknownTimeZone' }] },
      [date]: {
        'filters.latest_status_update.start': [{ code: 'invalidDateTime' }],
        'filters.latest_status_update.end': [{ code: 'invalidDateTime' }],
      },
      [attribute]: { 'attribute_filters.0.value': [{ code: 'attributeValueNotDate' }] },
    };
    for (const [id, fields] of Object.entries(expected)) {
      for (const token of [admin.token, operator.token, viewer.token]) {
        for (const url of [`${REALTIME}${id}/query/`, `${REALTIME}${id}/export/`]) {
          const res = await get(url, token);
          expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
          expect(res.json()).toMatchObject({ type: 'ValidationError' });
          expect(codesOf(res)).toEqual({ non_field_errors: [{ code: 'reportValueRefused' }], ...fields });
        }
      }
    }
  });

  it('still runs with a zone that is no canonical name but one the database knows', async () => {
    const alias = await storedReport('asset', { time_zone: 'US/Pacific' });
    const res = await get(`${REALTIME}${alias}/query/`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('records its scheduled run as failed with the reason, without a retry', async () => {
    const id = await storedReport('inventory', { time_zone: 'US/Pacific-New' });
    const outcome = await runReportJob(t.database, new LocalDiskStorage(t.filesDir), {
      customerId,
      reportId: id,
      occurrence: null,
    });
    expect(outcome).toMatchObject({ ran: true, failed: 'reportValueRefused' });
    const runs = await tenantOf(t, customerId).select(reportRuns, eq(reportRuns.reportId, id));
    expect(runs).toMatchObject([{ status: 'failed', error: 'reportValueRefused' }]);
  });
});

describe('an item DateTime attribute in the year 0', () => {
  it('is refused when an operator sets it', async () => {
    const location = await specialLocation(t, customerId, 'unassigned');
    for (const value of [
      '0000-01-01T00:00:00',
      '0000-06-01',
      '2026-01-01T10:00:00+16:00',
      '2026-01-01T10:00:00+25:00',
    ]) {
      const res = await post(
        '/tag-data/tag/',
        { code: nid32(100, 1), product__sku: '100', location, attributes: [{ datafield: serviced, value }] },
        operator.token,
      );
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
      expect(codesOf(res)).toEqual({ 'attributes.0.value': [{ code: 'attributeValueNotDate' }] });
    }
  });

  it('stored earlier, reads as no date: reports ordering or filtering by it answer', async () => {
    const location = await specialLocation(t, customerId, 'unassigned');
    const tenant = tenantOf(t, customerId);
    await tenant.insertMany(items, [
      {
        code: 'ZERO',
        productId: product,
        locationUuid: location,
        attributes: [{ datafield: serviced, name: '', value: '0000-01-01T00:00:00' }],
      },
      {
        code: 'REAL',
        productId: product,
        locationUuid: location,
        attributes: [{ datafield: serviced, name: '', value: '2026-03-01T10:00:00' }],
      },
    ]);
    const column = `attribute_${serviced}`;
    const ordered = await post(REALTIME, {
      report_name: 'By service date',
      report_json: {
        fields: [code, { header: 'Serviced', headerKey: column }],
        ordering: [{ field: column, value: 'descending' }],
        attribute_filters: [
          { id: serviced, name: 'Serviced', type: 'datetime', operator: 'gt', value: '2020-01-01T00:00:00Z' },
        ],
      },
      category,
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const res = await get(`${REALTIME}${ordered.json<ItemReport>().id}/query/`, viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, results: [{ code: 'REAL', [column]: '2026-03-01 10:00' }] });
    const all = await post(REALTIME, {
      report_name: 'All by service date',
      report_json: {
        fields: [code, { header: 'Serviced', headerKey: column }],
        ordering: [{ field: column, value: 'ascending' }],
      },
      category,
    });
    const every = await get(`${REALTIME}${all.json<ItemReport>().id}/query/`);
    expect(every.statusCode, every.body).toBe(200);
    expect(every.json()).toMatchObject({ results: [{ code: 'REAL' }, { code: 'ZERO', [column]: null }] });
    await tenant.delete(items, eq(items.code, 'ZERO'));
  });
});

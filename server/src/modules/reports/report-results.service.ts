import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import {
  EXPORT_LIMIT_ROWS,
  MESSAGE_KEYS as M,
  orderingFirst,
  pageWindow,
  reportFileName,
  storedReportDateIssues,
  type AttributeFilter,
  type CategoryField,
  type InventoryReportJson,
  type ItemReportJson,
  type Paged,
  type ReportQuery,
  type ReportRow as ResultRow,
  type ReportType,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { csvLine, EXPORT_CHUNK_ROWS, sendCsv } from '../../lib/csv-export.js';
import type { FileStorage } from '../../lib/storage/file-storage.js';
import { notFound, validationError } from '../../lib/errors.js';
import { fieldsByCategory } from '../categories/categories.service.js';
import {
  compileInventoryReport,
  compileItemReport,
  type AttributeKinds,
  type CompiledReport,
  type ReportContext,
} from './report-compile.repository.js';
import { reportCount, reportKeys, reportPage, reportRowsOf } from './report-query.repository.js';
import { findReport, isDatabaseTimeZone, type ReportRow } from './reports.repository.js';

/**
 * What a report answers when it runs (docs/reports.md): a page of its results, its CSV export,
 * and the compiled report and CSV rows the scheduler writes its runs from.
 */

export async function requireReport(tenant: TenantScope, type: ReportType, id: number): Promise<ReportRow> {
  const row = await findReport(tenant, type, id);
  if (!row) throw notFound();
  return row;
}

/** The kinds of the category's attributes at the report's level (item attributes for item reports). */
export async function attributesOf(
  tenant: TenantScope,
  type: ReportType,
  category: number | null,
): Promise<Map<number, CategoryField>> {
  if (!category) return new Map();
  const fields = (await fieldsByCategory(tenant, [category])).get(category) ?? [];
  return new Map(fields.filter((f) => f.asset_data === (type === 'asset')).map((f) => [f.id, f]));
}

export const KIND_OF: Record<CategoryField['type'], AttributeFilter['type']> = {
  Text: 'text',
  Number: 'number',
  DateTime: 'datetime',
  DropdownList: 'dropdown',
};

function kindsOf(attributes: Map<number, CategoryField>): AttributeKinds {
  return new Map([...attributes].map(([id, field]) => [id, KIND_OF[field.type]]));
}

/**
 * A stored report whose dates or zone the database would refuse (saved before the rule of the
 * contract's common/dates.ts, or written around it) answers 400 with those fields, and a sentence
 * saying to save it again, rather than failing in the database. A zone that is no canonical name
 * but one the database knows (an alias such as US/Pacific) still runs.
 */
async function refuseStoredDates(tenant: TenantScope, json: ReportRow['reportJson']): Promise<void> {
  const issues = storedReportDateIssues(json);
  if (issues.time_zone && json.time_zone && (await isDatabaseTimeZone(tenant, json.time_zone))) delete issues.time_zone;
  if (Object.keys(issues).length > 0) throw validationError({ non_field_errors: [M.reportValueRefused], ...issues });
}

/** What a report runs from: saved (a row) or as a form shows it (an export of a draft). */
export type ReportDefinition = Pick<ReportRow, 'reportType' | 'category' | 'reportJson'>;

/** A report as SQL, with the attribute kinds of its category and its time zone. */
export async function compiledReport(
  tenant: TenantScope,
  row: ReportDefinition,
  now = new Date(),
): Promise<CompiledReport> {
  const json = row.reportJson;
  await refuseStoredDates(tenant, json);
  const context: ReportContext = {
    timeZone: json.time_zone ?? 'UTC',
    now,
    attributeKinds: kindsOf(await attributesOf(tenant, row.reportType, row.category)),
  };
  return row.reportType === 'asset'
    ? compileItemReport(tenant, json as ItemReportJson, row.category, context)
    : compileInventoryReport(tenant, json as InventoryReportJson, row.category, context);
}

/** GET /report/realtime/{id}/query/: a page of the report's results, run now. */
export async function queryReport(
  ctx: ServiceContext,
  type: ReportType,
  id: number,
  query: ReportQuery,
): Promise<Paged<ResultRow>> {
  const row = await requireReport(ctx.tenant, type, id);
  const json = row.reportJson;
  const field = query.ordering?.replace(/^-/, '') ?? '';
  if (field !== '' && !json.fields.some((column) => column.headerKey === field)) {
    throw validationError({ ordering: [M.orderingFieldNotShown] });
  }
  const ordered = { ...row, reportJson: { ...json, ordering: orderingFirst(json.ordering, query.ordering) } };
  const compiled = await compiledReport(ctx.tenant, ordered);
  const [count, results] = await Promise.all([
    reportCount(ctx.tenant, compiled),
    reportPage(ctx.tenant, compiled, pageWindow(query)),
  ]);
  return { count, results };
}

/**
 * The rows of a compiled report's export, or undefined when it has more than `limit` (the export
 * limit): its keys are read in the report's order in one statement, then its CSV rows a chunk of
 * keys per query.
 */
export async function reportExport(
  tenant: TenantScope,
  compiled: CompiledReport,
  limit = EXPORT_LIMIT_ROWS,
  chunkRows = EXPORT_CHUNK_ROWS,
): Promise<AsyncGenerator<readonly (readonly unknown[])[]> | undefined> {
  const keys = await reportKeys(tenant, compiled, limit + 1);
  if (keys.length > limit) return undefined;
  const chunk = (from: number) => {
    const rows = reportRowsOf(tenant, compiled, keys.slice(from, from + chunkRows));
    // Awaited below; if the caller stops first, a failure of this one is of no interest.
    rows.catch(() => undefined);
    return rows;
  };
  async function* rows() {
    // Two chunks asked for ahead, on two connections where the database has them: the next ones
    // are read while the last is written.
    const pending: Promise<ResultRow[]>[] = [];
    let next = 0;
    const ask = () => {
      while (pending.length < 2 && next < keys.length) {
        pending.push(chunk(next));
        next += chunkRows;
      }
    };
    ask();
    while (pending.length > 0) {
      const results = await pending.shift()!;
      ask();
      yield results.map((row) => compiled.keys.map((key) => row[key] ?? ''));
    }
  }
  return rows();
}

/** The header row of a report's CSV: each column's title as the report keeps it. */
export function reportHeader(row: ReportDefinition, compiled: CompiledReport): string[] {
  const titles = new Map(row.reportJson.fields.map((f) => [f.headerKey, f.header || f.headerKey]));
  return compiled.keys.map((key) => titles.get(key) ?? key);
}

/**
 * Writes a report's CSV to the file storage as the database yields its rows (a scheduled run's
 * file): its key and row count, or undefined when the report is over the export limit.
 */
export async function storeReportCsv(
  tenant: TenantScope,
  storage: FileStorage,
  row: ReportRow,
  compiled: CompiledReport,
): Promise<{ key: string; rowCount: number; bytes: number } | undefined> {
  const chunks = await reportExport(tenant, compiled);
  if (!chunks) return undefined;
  const key = `${tenant.customerId}/${randomUUID()}`;
  let rowCount = 0;
  let bytes = 0;
  async function* csv(rows: AsyncGenerator<readonly (readonly unknown[])[]>) {
    const header = csvLine(reportHeader(row, compiled));
    bytes += Buffer.byteLength(header);
    yield header;
    for await (const chunk of rows) {
      rowCount += chunk.length;
      const text = chunk.map((cells) => csvLine(cells)).join('');
      bytes += Buffer.byteLength(text);
      yield text;
    }
  }
  await storage.putStream(key, csv(chunks));
  return { key, rowCount, bytes };
}

/** GET /report/realtime/{id}/export: the whole report as CSV; refused beyond 100,000 rows (03 §5). */
export async function exportReport(
  ctx: ServiceContext,
  reply: FastifyReply,
  type: ReportType,
  id: number,
  limit = EXPORT_LIMIT_ROWS,
): Promise<FastifyReply> {
  const row = await requireReport(ctx.tenant, type, id);
  return sendReportCsv(ctx, reply, row.name, row, limit);
}

/** A report's CSV as report-{name}-{timestamp}.csv; refused beyond the export limit (03 §5). */
export async function sendReportCsv(
  ctx: ServiceContext,
  reply: FastifyReply,
  name: string,
  definition: ReportDefinition,
  limit = EXPORT_LIMIT_ROWS,
): Promise<FastifyReply> {
  const now = new Date();
  const compiled = await compiledReport(ctx.tenant, definition, now);
  const rows = await reportExport(ctx.tenant, compiled, limit);
  if (!rows) throw validationError([M.exportLimit]);
  return sendCsv(reply, reportFileName(name, now), reportHeader(definition, compiled), rows, limit);
}

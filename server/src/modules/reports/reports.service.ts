import type { FastifyReply } from 'fastify';
import {
  isValidationMessageKey,
  MESSAGE_KEYS as M,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
  pageWindow,
  singleOrdering,
  REPORT_ORDERING,
  type InventoryReport,
  type InventoryReportCreate,
  type InventoryReportJson,
  type InventoryReportUpdate,
  type ItemReport,
  type ItemReportCreate,
  type ItemReportDraft,
  type ItemReportJson,
  type ItemReportUpdate,
  type Paged,
  type Recurrence,
  type Report,
  type ReportListQuery,
  type ReportRun,
  type ReportType,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { contentDisposition } from '../../lib/csv-export.js';
import { AppError, addFieldMessage, notFound, validationError, type FieldMessages } from '../../lib/errors.js';
import type { ReportRunner } from './report-runs.service.js';
import { uniqueViolation } from '../../lib/pg-error.js';
import type { FileStorage } from '../../lib/storage/file-storage.js';
import { findCategory } from '../categories/categories.service.js';
import { findLocationsByUuid } from '../items/items.service.js';
import { attributesOf, KIND_OF, requireReport, sendReportCsv } from './report-results.service.js';
import { nextOccurrence } from './occurrences.js';
import {
  deleteReportRow,
  findExistingProducts,
  findLatestRuns,
  findReportPage,
  findRun,
  findRuns,
  insertReport,
  reportNameTaken,
  updateReportRow,
  type ReportOrderField,
  type ReportRow,
  type ReportRunRow,
  type ReportValues,
} from './reports.repository.js';

/** The answer for one kind of report. */
type ReportOf<T extends ReportType> = Extract<Report, { report_type: T }>;

/** A scheduled start may lie this far in the past when saved: the form's "now" is a moment old on arrival. */
const START_GRACE_MS = 10 * 60_000;

/** A run's error: a message key the server words (the export limit) or a failure's own text. */
function runError(error: string | null): { error: string | null; error_code: ValidationMessageKey | null } {
  if (error && isValidationMessageKey(error)) return { error: VALIDATION_MESSAGES[error], error_code: error };
  return { error, error_code: null };
}

function presentRun(row: ReportRunRow): ReportRun {
  return {
    ...runError(row.error),
    id: row.id,
    created: row.createdAt.toISOString(),
    occurrence: row.occurrence?.toISOString() ?? null,
    fileName: row.fileName,
    status: row.status,
    row_count: row.rowCount,
    attempts: row.attempts,
  };
}

function present(row: ReportRow, latest: ReportRunRow | undefined): Report {
  const common = {
    id: row.id,
    report_name: row.name,
    report_description: row.description,
    category: row.category,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
  if (row.reportType === 'asset') {
    return { ...common, report_type: 'asset', report_json: row.reportJson as ItemReportJson } satisfies ItemReport;
  }
  return {
    ...common,
    report_type: 'inventory',
    report_json: row.reportJson as InventoryReportJson,
    scheduled: {
      start: row.scheduleStart!.toISOString(),
      end: row.scheduleEnd?.toISOString() ?? null,
      recurrence: row.recurrence!,
      time_zone: row.scheduleTimeZone,
    },
    recipients: row.recipients,
    next_run: row.nextRunAt?.toISOString() ?? null,
    last_run: latest ? { id: latest.id, created: latest.createdAt.toISOString(), status: latest.status } : null,
  } satisfies InventoryReport;
}

async function presentAll(tenant: TenantScope, rows: readonly ReportRow[]): Promise<Report[]> {
  const scheduled = rows.filter((r) => r.reportType === 'inventory').map((r) => r.id);
  const latest = await findLatestRuns(tenant, scheduled);
  return rows.map((row) => present(row, latest.get(row.id)));
}

export async function listReports<T extends ReportType>(
  ctx: ServiceContext,
  type: T,
  query: ReportListQuery,
): Promise<Paged<ReportOf<T>>> {
  const ordering = singleOrdering(query.ordering, REPORT_ORDERING, 'report_name');
  const { count, rows } = await findReportPage(ctx.tenant, type, {
    search: query.search,
    ordering: { field: ordering.field as ReportOrderField, descending: ordering.descending },
    ...pageWindow(query),
  });
  return { count, results: (await presentAll(ctx.tenant, rows)) as ReportOf<T>[] };
}

export async function getReport<T extends ReportType>(ctx: ServiceContext, type: T, id: number): Promise<ReportOf<T>> {
  const row = await requireReport(ctx.tenant, type, id);
  return (await presentAll(ctx.tenant, [row]))[0] as ReportOf<T>;
}

/**
 * The rules of a report's content that need the customer's data: the category exists, its
 * attributes (at the report's level, of the filter's type) are the ones filtered and shown, the
 * products and locations exist. Answers the problems by field path, as the schema does.
 */
async function checkContent(
  tenant: TenantScope,
  type: ReportType,
  category: number | null,
  json: ItemReportJson | InventoryReportJson,
): Promise<FieldMessages> {
  const problems: FieldMessages = {};
  if (category && !(await findCategory(tenant, category))) addFieldMessage(problems, 'category', M.unknownCategory);
  const attributes = await attributesOf(tenant, type, category);
  json.attribute_filters.forEach((filter, index) => {
    const field = attributes.get(filter.id);
    if (!field)
      addFieldMessage(
        problems,
        `report_json.attribute_filters.${index}.id`,
        category ? M.attributeWrongLevel : M.unknownAttribute,
      );
    else if (KIND_OF[field.type] !== filter.type) {
      addFieldMessage(problems, `report_json.attribute_filters.${index}.type`, M.invalidValue);
    }
  });
  json.fields.forEach((column, index) => {
    const match = /^attribute_(\d+)$/.exec(column.headerKey);
    if (match && !attributes.has(Number(match[1]))) {
      addFieldMessage(problems, `report_json.fields.${index}.headerKey`, M.unknownAttribute);
    }
  });
  const products = json.filters.product ?? [];
  if (products.length > 0) {
    const existing = await findExistingProducts(tenant, products);
    if (existing.size !== new Set(products).size)
      addFieldMessage(problems, 'report_json.filters.product', M.unknownProduct);
  }
  const locations = json.filters.location ?? [];
  if (locations.length > 0) {
    const found = await findLocationsByUuid(tenant, [...new Set(locations)]);
    if (found.length !== new Set(locations).size)
      addFieldMessage(problems, 'report_json.filters.location', M.invalidLocation);
  }
  return problems;
}

function isNameConflict(error: unknown): boolean {
  return uniqueViolation(error)?.constraint === 'reports_name_key';
}

async function save<T extends ReportType>(
  ctx: ServiceContext,
  type: T,
  values: Partial<ReportValues> & { name?: string },
  content: { category: number | null; json: ItemReportJson | InventoryReportJson },
  existing?: ReportRow,
): Promise<ReportOf<T>> {
  const problems = await checkContent(ctx.tenant, type, content.category, content.json);
  if (values.name !== undefined && (await reportNameTaken(ctx.tenant, values.name, existing?.id))) {
    addFieldMessage(problems, 'report_name', M.reportNameTaken);
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
  try {
    const row = existing
      ? await updateReportRow(ctx.tenant, existing.id, values)
      : await insertReport(ctx.tenant, { ...values, reportType: type, createdBy: ctx.actor.id } as ReportValues);
    if (!row) throw notFound();
    return (await presentAll(ctx.tenant, [row]))[0] as ReportOf<T>;
  } catch (error) {
    // Two saves of one name at once: the unique index decides, as the check above would have.
    if (isNameConflict(error)) throw validationError({ report_name: [M.reportNameTaken] });
    throw error;
  }
}

export function createItemReport(ctx: ServiceContext, body: ItemReportCreate): Promise<ItemReport> {
  return save(
    ctx,
    'asset',
    {
      name: body.report_name,
      description: body.report_description,
      category: body.category,
      reportJson: body.report_json,
    },
    { category: body.category, json: body.report_json },
  );
}

/**
 * POST /report/realtime/export: the CSV of a report as the form shows it, without saving it: the
 * same content rules as a save, then the same export as a saved report's.
 */
export async function exportItemReportDraft(
  ctx: ServiceContext,
  reply: FastifyReply,
  body: ItemReportDraft,
): Promise<FastifyReply> {
  const problems = await checkContent(ctx.tenant, 'asset', body.category, body.report_json);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return sendReportCsv(ctx, reply, body.report_name, {
    reportType: 'asset',
    category: body.category,
    reportJson: body.report_json,
  });
}

export async function updateItemReport(ctx: ServiceContext, id: number, body: ItemReportUpdate): Promise<ItemReport> {
  const existing = await requireReport(ctx.tenant, 'asset', id);
  const category = body.category !== undefined ? body.category : existing.category;
  const json = body.report_json ?? (existing.reportJson as ItemReportJson);
  return save(
    ctx,
    'asset',
    {
      ...(body.report_name !== undefined ? { name: body.report_name } : {}),
      ...(body.report_description !== undefined ? { description: body.report_description } : {}),
      ...(body.category !== undefined ? { category: body.category } : {}),
      ...(body.report_json !== undefined ? { reportJson: body.report_json } : {}),
    },
    { category, json },
    existing,
  );
}

/** When the scheduler next runs a report: its first occurrence from now (or from its start). */
export function plannedRun(
  schedule: { start: Date; end: Date | null; timeZone: string | null; recurrence: Recurrence },
  now = new Date(),
): Date | null {
  return nextOccurrence(schedule.recurrence, schedule, new Date(now.getTime() - 1));
}

function scheduleValues(
  schedule: InventoryReportCreate['scheduled'],
  now: Date,
  checkStart: boolean,
): Partial<ReportValues> {
  const start = new Date(schedule.start);
  if (checkStart && start.getTime() < now.getTime() - START_GRACE_MS) {
    throw validationError({ 'scheduled.start': [M.scheduleStartInPast] });
  }
  const end = schedule.end ? new Date(schedule.end) : null;
  const timeZone = schedule.time_zone;
  return {
    scheduleStart: start,
    scheduleEnd: end,
    scheduleTimeZone: timeZone,
    recurrence: schedule.recurrence as Recurrence,
    nextRunAt: plannedRun({ start, end, timeZone, recurrence: schedule.recurrence as Recurrence }, now),
  };
}

export function createInventoryReport(
  ctx: ServiceContext,
  body: InventoryReportCreate,
  now = new Date(),
): Promise<InventoryReport> {
  return save(
    ctx,
    'inventory',
    {
      name: body.report_name,
      description: body.report_description,
      category: body.category,
      reportJson: body.report_json,
      recipients: body.recipients,
      ...scheduleValues(body.scheduled, now, true),
    },
    { category: body.category, json: body.report_json },
  );
}

export async function updateInventoryReport(
  ctx: ServiceContext,
  id: number,
  body: InventoryReportUpdate,
  now = new Date(),
): Promise<InventoryReport> {
  const existing = await requireReport(ctx.tenant, 'inventory', id);
  const category = body.category !== undefined ? body.category : existing.category;
  const json = body.report_json ?? (existing.reportJson as InventoryReportJson);
  // A changed schedule is planned again from now; an unchanged start may lie in the past.
  const startChanged =
    body.scheduled !== undefined && new Date(body.scheduled.start).getTime() !== existing.scheduleStart?.getTime();
  return save(
    ctx,
    'inventory',
    {
      ...(body.report_name !== undefined ? { name: body.report_name } : {}),
      ...(body.report_description !== undefined ? { description: body.report_description } : {}),
      ...(body.category !== undefined ? { category: body.category } : {}),
      ...(body.report_json !== undefined ? { reportJson: body.report_json } : {}),
      ...(body.scheduled !== undefined ? scheduleValues(body.scheduled, now, startChanged) : {}),
      ...(body.recipients !== undefined ? { recipients: body.recipients } : {}),
    },
    { category, json },
    existing,
  );
}

export async function deleteReport(
  ctx: ServiceContext,
  storage: FileStorage,
  type: ReportType,
  id: number,
): Promise<void> {
  const { deleted, fileKeys } = await deleteReportRow(ctx.tenant, type, id);
  if (!deleted) throw notFound();
  // The rows are gone; a file that cannot be removed now is left to the retention sweep.
  await Promise.all(
    fileKeys.map((key) =>
      storage
        .remove(key)
        .catch((error: unknown) => ctx.log.warn({ err: error, key }, 'a report file could not be removed')),
    ),
  );
}

/** GET /report/scheduled/{id}/files: the runs, newest first. */
export async function listRuns(
  ctx: ServiceContext,
  id: number,
  query: { page: number; page_size: number },
): Promise<Paged<ReportRun>> {
  await requireReport(ctx.tenant, 'inventory', id);
  const { count, rows } = await findRuns(ctx.tenant, id, pageWindow(query));
  return { count, results: rows.map(presentRun) };
}

/** GET /report/scheduled/{id}/files/{fileId}/get_file: a run's CSV as it was written. */
export async function sendRunFile(
  ctx: ServiceContext,
  storage: FileStorage,
  reply: FastifyReply,
  id: number,
  runId: number,
): Promise<FastifyReply> {
  const run = await findRun(ctx.tenant, id, runId);
  if (!run || !run.fileKey || run.status !== 'succeeded' || !(await storage.exists(run.fileKey))) throw notFound();
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(run.fileName ?? 'report.csv'))
    .send(storage.read(run.fileKey));
}

/** POST /report/scheduled/{id}/run/: a run now, beside the schedule (beyond the spec). */
export async function runReportNow(ctx: ServiceContext, runner: ReportRunner | undefined, id: number): Promise<void> {
  await requireReport(ctx.tenant, 'inventory', id);
  if (!runner?.running) throw new AppError('ServiceUnavailable', M.serviceUnavailable);
  await runner.runNow(ctx.tenant.customerId, id);
}

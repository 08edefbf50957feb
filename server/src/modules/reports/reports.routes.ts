import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ROUTES,
  InventoryReportCreateSchema,
  InventoryReportSchema,
  InventoryReportUpdateSchema,
  ItemReportCreateSchema,
  ItemReportDraftSchema,
  ItemReportSchema,
  ItemReportUpdateSchema,
  ListQuerySchema,
  pagedSchema,
  ReportListQuerySchema,
  ReportQuerySchema,
  ReportRunSchema,
  RuleRecipientSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { IdParams, pathId } from '../../lib/path-params.js';
import type { FileStorage } from '../../lib/storage/file-storage.js';
import { listRecipients } from '../identity/recipients.service.js';
import type { ReportRunner } from './report-runs.service.js';
import {
  createInventoryReport,
  createItemReport,
  deleteReport,
  exportItemReportDraft,
  getReport,
  listReports,
  listRuns,
  runReportNow,
  sendRunFile,
  updateInventoryReport,
  updateItemReport,
} from './reports.service.js';
import { exportReport, queryReport } from './report-results.service.js';

const ResultsSchema = pagedSchema(z.record(z.string(), z.union([z.string(), z.number(), z.null()])));
const RunFileParams = z
  .object({ id: z.string(), fileId: z.string() })
  .transform(({ id, fileId }) => ({ id: pathId(id), fileId: pathId(fileId) }));

/** Reports (03 §7): item reports under /report/realtime/, scheduled inventory reports under /report/scheduled/. */
export function reportsRoutes(app: FastifyInstance, storage: FileStorage, runner: ReportRunner | undefined) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.itemReportList),
    schema: { querystring: ReportListQuerySchema, response: { 200: pagedSchema(ItemReportSchema) } },
    handler: (req) => listReports(req.ctx(), 'asset', req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.itemReportCreate),
    schema: { body: ItemReportCreateSchema, response: { 201: ItemReportSchema } },
    handler: async (req, reply) => reply.status(201).send(await createItemReport(req.ctx(), req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.itemReportGet),
    schema: { params: IdParams, response: { 200: ItemReportSchema } },
    handler: (req) => getReport(req.ctx(), 'asset', req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.itemReportUpdate),
    schema: { params: IdParams, body: ItemReportUpdateSchema, response: { 200: ItemReportSchema } },
    handler: (req) => updateItemReport(req.ctx(), req.params.id, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.itemReportDelete),
    schema: { params: IdParams },
    handler: async (req, reply) => {
      await deleteReport(req.ctx(), storage, 'asset', req.params.id);
      return reply.status(204).send();
    },
  });
  r.route({
    ...endpoint(API_ROUTES.itemReportQuery),
    schema: { params: IdParams, querystring: ReportQuerySchema, response: { 200: ResultsSchema } },
    handler: (req) => queryReport(req.ctx(), 'asset', req.params.id, req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.itemReportDraftExport, { longWork: true }),
    schema: { body: ItemReportDraftSchema },
    handler: (req, reply) => exportItemReportDraft(req.ctx(), reply, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.itemReportExport, { longWork: true }),
    schema: { params: IdParams },
    handler: (req, reply) => exportReport(req.ctx(), reply, 'asset', req.params.id),
  });

  r.route({
    ...endpoint(API_ROUTES.scheduledReportList),
    schema: { querystring: ReportListQuerySchema, response: { 200: pagedSchema(InventoryReportSchema) } },
    handler: (req) => listReports(req.ctx(), 'inventory', req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.scheduledReportCreate),
    schema: { body: InventoryReportCreateSchema, response: { 201: InventoryReportSchema } },
    handler: async (req, reply) => reply.status(201).send(await createInventoryReport(req.ctx(), req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.scheduledReportGet),
    schema: { params: IdParams, response: { 200: InventoryReportSchema } },
    handler: (req) => getReport(req.ctx(), 'inventory', req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.scheduledReportUpdate),
    schema: { params: IdParams, body: InventoryReportUpdateSchema, response: { 200: InventoryReportSchema } },
    handler: (req) => updateInventoryReport(req.ctx(), req.params.id, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.scheduledReportDelete),
    schema: { params: IdParams },
    handler: async (req, reply) => {
      await deleteReport(req.ctx(), storage, 'inventory', req.params.id);
      return reply.status(204).send();
    },
  });
  r.route({
    ...endpoint(API_ROUTES.scheduledReportRecipients),
    schema: { querystring: ListQuerySchema, response: { 200: pagedSchema(RuleRecipientSchema) } },
    handler: (req) => listRecipients(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.scheduledReportRunNow),
    schema: { params: IdParams, response: { 202: z.object({ queued: z.literal(true) }) } },
    handler: async (req, reply) => {
      await runReportNow(req.ctx(), runner, req.params.id);
      return reply.status(202).send({ queued: true });
    },
  });
  r.route({
    ...endpoint(API_ROUTES.scheduledReportRuns),
    schema: {
      params: IdParams,
      querystring: ListQuerySchema.pick({ page: true, page_size: true }),
      response: { 200: pagedSchema(ReportRunSchema) },
    },
    handler: (req) => listRuns(req.ctx(), req.params.id, req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.scheduledReportRunFile),
    schema: { params: RunFileParams },
    handler: (req, reply) => sendRunFile(req.ctx(), storage, reply, req.params.id, req.params.fileId),
  });
}

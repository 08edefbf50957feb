import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ROUTES,
  ReaderAssignmentSchema,
  ReaderCreateSchema,
  ReaderCredentialsSchema,
  ReaderInitializationSchema,
  ReaderListQuerySchema,
  ReaderSchema,
  ReaderTemplateAssignmentSchema,
  ReaderUpdateSchema,
  SetupModeSummarySchema,
  SetupTimeSchema,
  pagedSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { assignConfigurations, assignTemplates } from './reader-assignment.service.js';
import {
  clearReaderHeartbeats,
  createReader,
  deleteReaderByUuid,
  getReader,
  initializeReader,
  listReaders,
  resetSetupTime,
  setupModeSummary,
  updateReaderByUuid,
  type ReaderServiceOptions,
} from './readers.service.js';

const UuidParams = z.object({ uuid: z.string().max(64) });

/** The administrator's reader API (02 §7 Readers). */
export function readersRoutes(app: FastifyInstance, options: ReaderServiceOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.readerList),
    schema: { querystring: ReaderListQuerySchema, response: { 200: pagedSchema(ReaderSchema) } },
    handler: (req) => listReaders(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.readerCreate),
    schema: { body: ReaderCreateSchema, response: { 201: ReaderCredentialsSchema } },
    handler: async (req, reply) => reply.code(201).send(await createReader(req.ctx(), options, req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.readerSetupMode),
    schema: { response: { 200: SetupModeSummarySchema } },
    handler: (req) => setupModeSummary(req.ctx()),
  });
  r.route({
    ...endpoint(API_ROUTES.readerGet),
    schema: { params: UuidParams, response: { 200: ReaderSchema } },
    handler: (req) => getReader(req.ctx(), req.params.uuid),
  });
  r.route({
    ...endpoint(API_ROUTES.readerUpdate),
    schema: { params: UuidParams, body: ReaderUpdateSchema, response: { 200: ReaderSchema } },
    handler: (req) => updateReaderByUuid(req.ctx(), options, req.params.uuid, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.readerDelete),
    schema: { params: UuidParams },
    handler: async (req, reply) => reply.code(204).send(await deleteReaderByUuid(req.ctx(), req.params.uuid)),
  });
  r.route({
    ...endpoint(API_ROUTES.readerResetSetupTime),
    schema: { params: UuidParams, response: { 200: SetupTimeSchema } },
    handler: (req) => resetSetupTime(req.ctx(), req.params.uuid),
  });
  r.route({
    ...endpoint(API_ROUTES.readerClearHeartbeats),
    schema: { params: UuidParams },
    handler: async (req, reply) => reply.code(204).send(await clearReaderHeartbeats(req.ctx(), req.params.uuid)),
  });
  r.route({
    ...endpoint(API_ROUTES.readerInitialization),
    schema: { body: ReaderInitializationSchema, response: { 200: ReaderCredentialsSchema } },
    handler: (req) => initializeReader(req.ctx(), options, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.readerAssignment),
    schema: { body: ReaderAssignmentSchema, response: { 200: ReaderSchema } },
    handler: (req) => assignConfigurations(req.ctx(), req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.readerTemplateAssignment),
    schema: { body: ReaderTemplateAssignmentSchema, response: { 200: ReaderSchema } },
    handler: (req) => assignTemplates(req.ctx(), req.body),
  });
}

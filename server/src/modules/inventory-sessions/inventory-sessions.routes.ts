import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ROUTES,
  DeviceSessionSchema,
  InventorySessionCreateSchema,
  InventorySessionFullSchema,
  InventorySessionListQuerySchema,
  InventorySessionSchema,
  OpenSessionLocationsSchema,
  SessionReadBatchResultSchema,
  SessionReadBatchSchema,
  pagedSchema,
  type ApiRoute,
  type InventorySessionAction,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import {
  createSession,
  deviceSessions,
  getSessionFull,
  listSessions,
  openSessionLocations,
  transitionSession,
  uploadSessionReads,
} from './inventory-sessions.service.js';
import { IdParams } from '../../lib/path-params.js';

/** The full view takes the id or the hash (the console's URL carries the hash). */
const IdOrHashParams = z.object({ id: z.string().trim().min(1).max(64) });
const HashParams = z.object({ hash: z.string().trim().min(1).max(64) });

const TRANSITIONS: [ApiRoute, InventorySessionAction][] = [
  [API_ROUTES.inventorySessionTriage, 'triage'],
  [API_ROUTES.inventorySessionConfirm, 'confirm'],
  [API_ROUTES.inventorySessionReopen, 'reopen'],
  [API_ROUTES.inventorySessionAbandon, 'abandon'],
];

/** Inventory sessions (03 §2–§7): the console's screens and the handheld readers' upload. */
export function inventorySessionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.inventorySessionList),
    schema: { querystring: InventorySessionListQuerySchema, response: { 200: pagedSchema(InventorySessionSchema) } },
    handler: (req) => listSessions(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.inventorySessionCreate),
    schema: { body: InventorySessionCreateSchema, response: { 201: InventorySessionSchema } },
    handler: async (req, reply) => reply.status(201).send(await createSession(req.ctx(), req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.inventorySessionLocations),
    schema: { response: { 200: OpenSessionLocationsSchema } },
    handler: (req) => openSessionLocations(req.ctx()),
  });
  r.route({
    ...endpoint(API_ROUTES.inventorySessionFull),
    schema: { params: IdOrHashParams, response: { 200: InventorySessionFullSchema } },
    handler: (req) => getSessionFull(req.ctx(), req.params.id),
  });
  for (const [route, action] of TRANSITIONS) {
    r.route({
      ...endpoint(route),
      schema: { params: IdParams, response: { 200: InventorySessionSchema } },
      handler: (req) => transitionSession(req.ctx(), req.params.id, action),
    });
  }
  r.route({
    ...endpoint(API_ROUTES.deviceSessionList),
    schema: { response: { 200: z.array(DeviceSessionSchema) } },
    handler: (req) => deviceSessions(req.readerCtx()),
  });
  r.route({
    ...endpoint(API_ROUTES.deviceSessionReads),
    schema: { params: HashParams, body: SessionReadBatchSchema, response: { 200: SessionReadBatchResultSchema } },
    handler: (req) => uploadSessionReads(req.readerCtx(), req.params.hash, req.body),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  pagedSchema,
  ReaderConfigurationListQuerySchema,
  ReaderConfigurationSchema,
  ReaderConfigurationSensorSchema,
  ReaderConfigurationWriteSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import {
  createConfiguration,
  deleteConfigurationById,
  getConfiguration,
  listConfigurations,
  setConfigurationSensor,
  updateConfigurationById,
} from './configurations.service.js';
import type { ReaderGateway } from './reader-gateway.js';
import { IdParams } from '../../lib/path-params.js';

/** Reader configurations and templates (02 §7 Reader configurations). */
export function configurationsRoutes(app: FastifyInstance, gateway: ReaderGateway) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.configurationList),
    schema: {
      querystring: ReaderConfigurationListQuerySchema,
      response: { 200: pagedSchema(ReaderConfigurationSchema) },
    },
    handler: (req) => listConfigurations(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.configurationCreate),
    schema: { body: ReaderConfigurationWriteSchema, response: { 201: ReaderConfigurationSchema } },
    handler: async (req, reply) => reply.code(201).send(await createConfiguration(req.ctx(), gateway, req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.configurationGet),
    schema: { params: IdParams, response: { 200: ReaderConfigurationSchema } },
    handler: (req) => getConfiguration(req.ctx(), req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.configurationUpdate),
    schema: { params: IdParams, body: ReaderConfigurationWriteSchema, response: { 200: ReaderConfigurationSchema } },
    handler: (req) => updateConfigurationById(req.ctx(), gateway, req.params.id, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.configurationSensor),
    schema: { params: IdParams, body: ReaderConfigurationSensorSchema, response: { 200: ReaderConfigurationSchema } },
    handler: (req) => setConfigurationSensor(req.ctx(), req.params.id, req.body.sensortype_uuid),
  });
  r.route({
    ...endpoint(API_ROUTES.configurationDelete),
    schema: { params: IdParams },
    handler: async (req, reply) => {
      await deleteConfigurationById(req.ctx(), req.params.id);
      return reply.code(204).send();
    },
  });
}

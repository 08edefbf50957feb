import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  ListQuerySchema,
  MeasurementBatchResultSchema,
  MeasurementBatchSchema,
  MeasurementListQuerySchema,
  MeasurementSchema,
  MeasurementTypeSchema,
  ObservationListQuerySchema,
  ObservationRuleInputSchema,
  ObservationRuleListQuerySchema,
  ObservationRuleSchema,
  ObservationSchema,
  pagedSchema,
  RuleRecipientSchema,
  MeasurementSeriesQuerySchema,
  MeasurementSeriesSchema,
  SensorLatestSchema,
  SensorListQuerySchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { UuidIdParams } from '../../lib/path-params.js';
import { listRecipients } from '../identity/recipients.service.js';
import { createRule, getRule, listRules, removeRule, updateRule } from './rules.service.js';
import { listObservations } from './observations.service.js';
import { listMeasurements, listMeasurementTypes } from './sensors.service.js';
import { ingestMeasurements, type MeasurementIngestOptions } from './measurement-ingest.service.js';
import { getMeasurementSeries, listSensors } from './dashboard.service.js';

/**
 * Sensors and events (03 §7): for customers with the sensor extension (the route table says so;
 * readers' measurements are refused in the service for customers without it).
 */
export function sensorsRoutes(app: FastifyInstance, options: MeasurementIngestOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const measurementsIn = endpoint(API_ROUTES.deviceMeasurements);
  r.route({
    ...measurementsIn,
    // SECURITY: the read ingest's first statement confirms the reader of the verified token.
    config: { ...measurementsIn.config, readerConfirmedBy: 'handler' },
    schema: { body: MeasurementBatchSchema, response: { 200: MeasurementBatchResultSchema } },
    handler: (req) => ingestMeasurements(req.ingestCtx(), req.body, options),
  });
  r.route({
    ...endpoint(API_ROUTES.measurementTypeList),
    schema: { querystring: ListQuerySchema, response: { 200: pagedSchema(MeasurementTypeSchema) } },
    handler: (req) => listMeasurementTypes(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.measurementList),
    schema: { querystring: MeasurementListQuerySchema, response: { 200: pagedSchema(MeasurementSchema) } },
    handler: (req) => listMeasurements(req.ctx(), req.query),
  });

  r.route({
    ...endpoint(API_ROUTES.observationRuleList),
    schema: { querystring: ObservationRuleListQuerySchema, response: { 200: pagedSchema(ObservationRuleSchema) } },
    handler: (req) => listRules(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.observationRuleCreate),
    schema: { body: ObservationRuleInputSchema, response: { 201: ObservationRuleSchema } },
    handler: async (req, reply) => reply.status(201).send(await createRule(req.ctx(), req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.observationRuleGet),
    schema: { params: UuidIdParams, response: { 200: ObservationRuleSchema } },
    handler: (req) => getRule(req.ctx(), req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.observationRuleUpdate),
    schema: { params: UuidIdParams, body: ObservationRuleInputSchema, response: { 200: ObservationRuleSchema } },
    handler: (req) => updateRule(req.ctx(), req.params.id, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.observationRuleDelete),
    schema: { params: UuidIdParams },
    handler: async (req, reply) => {
      await removeRule(req.ctx(), req.params.id);
      return reply.status(204).send();
    },
  });
  r.route({
    ...endpoint(API_ROUTES.observationRecipientList),
    schema: { querystring: ListQuerySchema, response: { 200: pagedSchema(RuleRecipientSchema) } },
    handler: (req) => listRecipients(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.observationList),
    schema: { querystring: ObservationListQuerySchema, response: { 200: pagedSchema(ObservationSchema) } },
    handler: (req) => listObservations(req.ctx(), req.query),
  });

  r.route({
    ...endpoint(API_ROUTES.sensorList),
    schema: { querystring: SensorListQuerySchema, response: { 200: pagedSchema(SensorLatestSchema) } },
    handler: (req) => listSensors(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.measurementSeries),
    schema: { querystring: MeasurementSeriesQuerySchema, response: { 200: MeasurementSeriesSchema } },
    handler: (req) => getMeasurementSeries(req.ctx(), req.query),
  });
}

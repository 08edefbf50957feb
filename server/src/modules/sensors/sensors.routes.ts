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
  pagedSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { listMeasurements, listMeasurementTypes } from './sensors.service.js';
import { ingestMeasurements } from './measurement-ingest.service.js';

/**
 * Sensors and events (03 §7): for customers with the sensor extension (the route table says so;
 * readers' measurements are refused in the service for customers without it).
 */
export function sensorsRoutes(app: FastifyInstance, options: { retentionDays: number }) {
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
}

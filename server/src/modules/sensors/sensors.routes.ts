import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  ListQuerySchema,
  MeasurementListQuerySchema,
  MeasurementSchema,
  MeasurementTypeSchema,
  pagedSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { listMeasurements, listMeasurementTypes } from './sensors.service.js';

/** Sensors and events (03 §7): for customers with the sensor extension (the route table says so). */
export function sensorsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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

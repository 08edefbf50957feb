import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROUTES, OutboxListQuerySchema, OutboxMessageSchema, pagedSchema } from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { listOutbox } from './outbox.service.js';

export function outboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.outboxList),
    schema: { querystring: OutboxListQuerySchema, response: { 200: pagedSchema(OutboxMessageSchema) } },
    handler: (req) => listOutbox(req.ctx(), req.query),
  });
}

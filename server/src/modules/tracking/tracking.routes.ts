import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROUTES, ReadBatchResultSchema, ReadBatchSchema } from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { ingestReads } from './ingest.service.js';

/** Item tracking: the read ingest of readers (docs/reader-protocol.md, Reads). */
export function trackingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.deviceReads),
    schema: { body: ReadBatchSchema, response: { 200: ReadBatchResultSchema } },
    handler: (req) => ingestReads(req.readerCtx(), req.body),
  });
}

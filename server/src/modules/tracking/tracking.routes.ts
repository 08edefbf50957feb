import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  ReadBatchResultSchema,
  ReadBatchSchema,
  TrackingSettingsSchema,
  TrackingSettingsUpdateSchema,
  type ReadBatchResult,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import type { ReadMetrics } from '../../lib/metrics.js';
import { ingestReads } from './ingest.service.js';
import { getTrackingSettings, updateTrackingSettings } from './tracking-settings.service.js';

/** Item tracking: the read ingest of readers (docs/reader-protocol.md, Reads) and the tracking settings. */
export function trackingRoutes(app: FastifyInstance, options: { metrics?: ReadMetrics } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reads = endpoint(API_ROUTES.deviceReads);
  const { metrics } = options;
  /** Each applied batch's answer, until its response is sent. */
  const answered = new WeakMap<FastifyRequest, ReadBatchResult>();
  r.route({
    ...reads,
    // SECURITY: the batch's first statement confirms the reader of the verified token.
    config: { ...reads.config, readerConfirmedBy: 'handler' },
    schema: { body: ReadBatchSchema, response: { 200: ReadBatchResultSchema } },
    handler: async (req) => {
      const result = await ingestReads(req.ingestCtx(), req.body);
      if (metrics) answered.set(req, result);
      return result;
    },
    // Every batch once answered, refusals before the handler (token, body) included.
    onResponse: async (req, reply) => {
      if (!metrics) return;
      const result = reply.statusCode === 200 ? answered.get(req) : undefined;
      metrics.readBatch('http', result ?? (reply.statusCode < 500 ? 'refused' : 'failed'), reply.elapsedTime / 1000);
    },
  });
  r.route({
    ...endpoint(API_ROUTES.trackingSettingsGet),
    schema: { response: { 200: TrackingSettingsSchema } },
    handler: (req) => getTrackingSettings(req.ctx()),
  });
  r.route({
    ...endpoint(API_ROUTES.trackingSettingsUpdate),
    schema: { body: TrackingSettingsUpdateSchema, response: { 200: TrackingSettingsSchema } },
    handler: (req) => updateTrackingSettings(req.ctx(), req.body),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  ReadBatchResultSchema,
  ReadBatchSchema,
  TrackingSettingsSchema,
  TrackingSettingsUpdateSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { ingestReads } from './ingest.service.js';
import { getTrackingSettings, updateTrackingSettings } from './tracking-settings.service.js';

/** Item tracking: the read ingest of readers (docs/reader-protocol.md, Reads) and the tracking settings. */
export function trackingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reads = endpoint(API_ROUTES.deviceReads);
  r.route({
    ...reads,
    // SECURITY: the batch's first statement confirms the reader of the verified token.
    config: { ...reads.config, readerConfirmedBy: 'handler' },
    schema: { body: ReadBatchSchema, response: { 200: ReadBatchResultSchema } },
    handler: (req) => ingestReads(req.ingestCtx(), req.body),
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  HeartbeatReportSchema,
  ReaderAnnounceSchema,
  ReaderDeviceConfigurationSchema,
  ReaderTokenRequestSchema,
  ReaderTokenSchema,
} from '@tagtrack/contract';
import { notFound } from '../../lib/errors.js';
import { endpoint } from '../../lib/route.js';
import {
  announceReader,
  downloadConfiguration,
  issueReaderToken,
  recordHeartbeat,
  type DeviceDeps,
} from './device.service.js';

/** The reader-facing side (docs/reader-protocol.md): sign-in, configuration download, heartbeats. */
export function deviceRoutes(app: FastifyInstance, deps: DeviceDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.deviceToken),
    schema: { body: ReaderTokenRequestSchema, response: { 200: ReaderTokenSchema } },
    handler: (req) => issueReaderToken({ log: req.log }, deps, req.body, req.ip),
  });
  r.route({
    ...endpoint(API_ROUTES.deviceConfiguration),
    schema: { response: { 200: ReaderDeviceConfigurationSchema } },
    handler: (req) => downloadConfiguration(req.readerCtx()),
  });
  r.route({
    ...endpoint(API_ROUTES.deviceHeartbeat),
    schema: { body: HeartbeatReportSchema },
    handler: async (req, reply) => reply.code(204).send(await recordHeartbeat(req.readerCtx(), req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.deviceAnnounce),
    // On-premise only: the cloud answers NotFound before reading the body.
    onRequest: async () => {
      if (!deps.onPremise) throw notFound();
    },
    schema: { body: ReaderAnnounceSchema },
    handler: async (req, reply) => reply.code(202).send(await announceReader(deps, req.body)),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ROUTES,
  DiscoveredReaderListQuerySchema,
  DiscoveredReaderSchema,
  ReaderCreateSchema,
  ReaderCredentialsSchema,
  pagedSchema,
} from '@tagtrack/contract';
import { notFound } from '../../lib/errors.js';
import { endpoint } from '../../lib/route.js';
import {
  HandheldOnpremSchema,
  ValidateReaderResultSchema,
  ValidateReaderSchema,
  getDiscovered,
  initializeOnpremHandheld,
  initializeOnpremReader,
  listDiscovered,
  searchDiscovered,
  validateReader,
} from './onprem.service.js';
import type { ReaderServiceOptions } from './readers.service.js';
import { IdParams } from '../../lib/path-params.js';

/** On-premise only (02 §7): in the cloud variant every one of these answers NotFound. */
export function onpremReadersRoutes(app: FastifyInstance, options: ReaderServiceOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // After the access check, before the body is read: the cloud answers NotFound whatever is sent.
  const onRequest = async () => {
    if (!options.onPremise) throw notFound();
  };
  r.route({
    ...endpoint(API_ROUTES.readerAutodiscoveryList),
    onRequest,
    schema: { querystring: DiscoveredReaderListQuerySchema, response: { 200: pagedSchema(DiscoveredReaderSchema) } },
    handler: (req) => listDiscovered(req.ctx(), options, req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.readerAutodiscoveryGet),
    onRequest,
    schema: { params: IdParams, response: { 200: DiscoveredReaderSchema } },
    handler: (req) => getDiscovered(req.ctx(), options, req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.readerAutodiscovered),
    onRequest,
    schema: {
      querystring: z.object({ search: z.string().trim().max(200).optional() }),
      response: { 200: z.array(DiscoveredReaderSchema) },
    },
    handler: (req) => searchDiscovered(req.ctx(), options, req.query.search),
  });
  r.route({
    ...endpoint(API_ROUTES.readerOnpremInitialization),
    onRequest,
    schema: { body: ReaderCreateSchema, response: { 201: ReaderCredentialsSchema } },
    handler: async (req, reply) => reply.code(201).send(await initializeOnpremReader(req.ctx(), options, req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.validateReader),
    onRequest,
    schema: { body: ValidateReaderSchema, response: { 200: ValidateReaderResultSchema } },
    handler: (req) => validateReader(req.ctx(), options, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.handheldOnpremInitialization),
    onRequest,
    schema: { body: HandheldOnpremSchema, response: { 201: ReaderCredentialsSchema } },
    handler: async (req, reply) => reply.code(201).send(await initializeOnpremHandheld(req.ctx(), options, req.body)),
  });
}

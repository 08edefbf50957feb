import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  EncodingListSchema,
  EncodingUpdateSchema,
  GeneratedSkuSchema,
  GenerateSkuSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { generateSku, listEncodings, updateEncoding } from './encodings.service.js';
import { IdParams } from '../../lib/path-params.js';

export function encodingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.encodingList),
    schema: { response: { 200: EncodingListSchema } },
    handler: async (req) => ({ encodings: await listEncodings(req.ctx().tenant) }),
  });
  r.route({
    ...endpoint(API_ROUTES.encodingUpdate),
    schema: { params: IdParams, body: EncodingUpdateSchema, response: { 200: EncodingListSchema } },
    handler: async (req) => ({ encodings: await updateEncoding(req.ctx(), req.params.id, req.body) }),
  });
  r.route({
    ...endpoint(API_ROUTES.generateSku),
    schema: { body: GenerateSkuSchema, response: { 200: GeneratedSkuSchema } },
    handler: (req) => generateSku(req.ctx(), req.body),
  });
}

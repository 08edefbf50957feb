import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ROUTES,
  EncodingListSchema,
  EncodingUpdateSchema,
  GeneratedSkuSchema,
  GenerateSkuSchema,
} from '@tagtrack/contract';
import { notFound } from '../../lib/errors.js';
import { endpoint } from '../../lib/route.js';
import { generateSku, listEncodings, updateEncoding } from './encodings.service.js';

/** An id that cannot exist is a NotFound, like one of another customer. */
const IdParams = z.object({ id: z.string() }).transform(({ id }) => {
  if (!/^\d{1,15}$/.test(id)) throw notFound();
  return { id: Number(id) };
});

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

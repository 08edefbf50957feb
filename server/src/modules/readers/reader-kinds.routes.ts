import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROUTES, pagedSchema, ReaderAppSchema, ReaderKindSchema } from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import type { ReaderGateway } from './reader-gateway.js';

const DetailSchema = z.object({ detail: z.string() });

/** Reader types and reader apps from the gateway (02 §3, §7), and their fetch_updates. */
export function readerKindsRoutes(app: FastifyInstance, gateway: ReaderGateway) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.readerKindList),
    schema: { response: { 200: pagedSchema(ReaderKindSchema) } },
    handler: async () => {
      const results = await gateway.listKinds();
      return { count: results.length, results };
    },
  });
  r.route({
    ...endpoint(API_ROUTES.readerKindFetch),
    schema: { response: { 200: DetailSchema } },
    handler: async () => {
      await gateway.fetchUpdates('kinds');
      return { detail: 'New reader type fetching successful.' };
    },
  });
  r.route({
    ...endpoint(API_ROUTES.readerAppList),
    schema: { response: { 200: pagedSchema(ReaderAppSchema) } },
    handler: async () => {
      const results = await gateway.listApps();
      return { count: results.length, results };
    },
  });
  r.route({
    ...endpoint(API_ROUTES.readerAppFetch),
    schema: { response: { 200: DetailSchema } },
    handler: async () => {
      await gateway.fetchUpdates('apps');
      return { detail: 'New reader app fetching successful.' };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROUTES, CustomerSchema, InstanceSubscriptionSchema, VersionSchema } from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { BACKEND_VERSION } from '../../lib/version.js';
import { getCustomer, getSubscription } from './configuration.service.js';

export function configurationRoutes(app: FastifyInstance, options: { onPremise: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.version),
    schema: { response: { 200: VersionSchema } },
    handler: async () => ({ version: BACKEND_VERSION, on_premise: options.onPremise }),
  });
  r.route({
    ...endpoint(API_ROUTES.instanceSubscription),
    schema: { response: { 200: InstanceSubscriptionSchema } },
    handler: (req) => getSubscription(req.ctx(), options.onPremise),
  });
  r.route({
    ...endpoint(API_ROUTES.customer),
    schema: { response: { 200: CustomerSchema } },
    handler: (req) => getCustomer(req.ctx()),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROUTES, LoginSchema, RefreshSchema, TokenPairSchema } from '@tagtrack/contract';
import type { CustomerAccess } from '../../db/tenant.js';
import { endpoint } from '../../lib/route.js';
import { login, refresh, type AuthDeps } from './auth.service.js';

export function authRoutes(app: FastifyInstance, access: CustomerAccess, deps: AuthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.token),
    schema: { body: LoginSchema, response: { 200: TokenPairSchema } },
    handler: (req) => login({ access, log: req.log }, deps, req.body, req.ip),
  });
  r.route({
    ...endpoint(API_ROUTES.tokenRefresh),
    schema: { body: RefreshSchema, response: { 200: TokenPairSchema } },
    handler: (req) => refresh({ access, log: req.log }, deps, req.body.refresh),
  });
}

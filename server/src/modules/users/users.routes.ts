import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROUTES, CurrentUserSchema, ProfileUpdateSchema, SetPasswordSchema } from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { getMe, setPassword, updateMe } from './users.service.js';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.me),
    schema: { response: { 200: CurrentUserSchema } },
    handler: (req) => getMe(req.ctx()),
  });
  r.route({
    ...endpoint(API_ROUTES.updateMe),
    schema: { body: ProfileUpdateSchema, response: { 200: CurrentUserSchema } },
    handler: (req) => updateMe(req.ctx(), req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.setPassword),
    schema: { params: IdParams, body: SetPasswordSchema },
    handler: async (req) => {
      await setPassword(req.ctx(), req.params.id, req.body);
      return { detail: 'Password has been set.' };
    },
  });
}

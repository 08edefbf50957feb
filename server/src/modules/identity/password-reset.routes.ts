import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ROUTES,
  DetailSchema,
  ForgotPasswordSchema,
  PasswordResetConfirmSchema,
  PasswordResetLinkSchema,
} from '@tagtrack/contract';
import type { CustomerAccess } from '../../db/tenant.js';
import { endpoint } from '../../lib/route.js';
import {
  confirmPasswordReset,
  getResetLink,
  requestPasswordReset,
  type PasswordResetDeps,
} from './password-reset.service.js';

// Any text: a malformed link answers the same NotFound as an unknown one.
const LinkParams = z.object({ id: z.string() });

/** The signed-out side of password reset: request a link, check it, set the password through it. */
export function passwordResetRoutes(app: FastifyInstance, access: CustomerAccess, deps: PasswordResetDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.forgotPassword),
    schema: { body: ForgotPasswordSchema, response: { 200: DetailSchema } },
    handler: (req) => requestPasswordReset({ access, log: req.log }, deps, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.forgotPasswordCheck),
    schema: { params: LinkParams, response: { 200: PasswordResetLinkSchema } },
    handler: (req) => getResetLink(deps, req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.forgotPasswordConfirm),
    schema: { params: LinkParams, body: PasswordResetConfirmSchema, response: { 200: DetailSchema } },
    handler: (req) => confirmPasswordReset({ access, log: req.log }, deps, req.params.id, req.body),
  });
}

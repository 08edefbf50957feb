import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  CurrentUserSchema,
  DetailSchema,
  pagedSchema,
  ProfileUpdateSchema,
  SetPasswordSchema,
  UserAdminSchema,
  UserCreateSchema,
  UserListQuerySchema,
  UserUpdateSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { getMe, setPassword, updateMe } from './users.service.js';
import { inviteUser, sendResetLinkToUser, type PasswordResetDeps } from './password-reset.service.js';
import {
  createUser,
  deleteUserById,
  getUser,
  listUsers,
  updateUserById,
  type UserAdminOptions,
} from './user-admin.service.js';
import { IdParams } from '../../lib/path-params.js';

export function usersRoutes(app: FastifyInstance, options: UserAdminOptions, reset: PasswordResetDeps) {
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
  r.route({
    ...endpoint(API_ROUTES.userResetPassword),
    schema: { params: IdParams, response: { 200: DetailSchema } },
    handler: (req) => sendResetLinkToUser(req.ctx(), reset, req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.userList),
    schema: { querystring: UserListQuerySchema, response: { 200: pagedSchema(UserAdminSchema) } },
    handler: (req) => listUsers(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.userCreate),
    schema: { body: UserCreateSchema, response: { 201: UserAdminSchema } },
    handler: async (req, reply) => {
      const user = await createUser(req.ctx(), req.body, options);
      // A cloud user created without a password chooses one through an e-mailed link.
      if (!options.onPremise && req.body.password === undefined) inviteUser(req.ctx(), reset, user.id);
      return reply.code(201).send(user);
    },
  });
  r.route({
    ...endpoint(API_ROUTES.userGet),
    schema: { params: IdParams, response: { 200: UserAdminSchema } },
    handler: (req) => getUser(req.ctx(), req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.userUpdate),
    schema: { params: IdParams, body: UserUpdateSchema, response: { 200: UserAdminSchema } },
    handler: (req) => updateUserById(req.ctx(), req.params.id, req.body, options),
  });
  r.route({
    ...endpoint(API_ROUTES.userDelete),
    schema: { params: IdParams },
    handler: async (req, reply) => {
      await deleteUserById(req.ctx(), req.params.id);
      return reply.code(204).send();
    },
  });
}

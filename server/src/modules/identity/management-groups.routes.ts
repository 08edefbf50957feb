import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  GroupMembersSchema,
  ManagementGroupListQuerySchema,
  ManagementGroupSchema,
  ManagementGroupWriteSchema,
  pagedSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import {
  changeGroupMembers,
  createGroup,
  deleteGroupById,
  getGroup,
  listGroups,
  updateGroupById,
} from './management-groups.service.js';
import { IdParams } from '../../lib/path-params.js';

export function managementGroupsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.groupList),
    schema: { querystring: ManagementGroupListQuerySchema, response: { 200: pagedSchema(ManagementGroupSchema) } },
    handler: (req) => listGroups(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.groupCreate),
    schema: { body: ManagementGroupWriteSchema, response: { 201: ManagementGroupSchema } },
    handler: async (req, reply) => reply.code(201).send(await createGroup(req.ctx(), req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.groupGet),
    schema: { params: IdParams, response: { 200: ManagementGroupSchema } },
    handler: (req) => getGroup(req.ctx(), req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.groupUpdate),
    schema: { params: IdParams, body: ManagementGroupWriteSchema, response: { 200: ManagementGroupSchema } },
    handler: (req) => updateGroupById(req.ctx(), req.params.id, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.groupDelete),
    schema: { params: IdParams },
    handler: async (req, reply) => {
      await deleteGroupById(req.ctx(), req.params.id);
      return reply.code(204).send();
    },
  });
  r.route({
    ...endpoint(API_ROUTES.groupAddUsers),
    schema: { params: IdParams, body: GroupMembersSchema, response: { 200: ManagementGroupSchema } },
    handler: (req) => changeGroupMembers(req.ctx(), req.params.id, req.body, 'add'),
  });
  r.route({
    ...endpoint(API_ROUTES.groupRemoveUsers),
    schema: { params: IdParams, body: GroupMembersSchema, response: { 200: ManagementGroupSchema } },
    handler: (req) => changeGroupMembers(req.ctx(), req.params.id, req.body, 'remove'),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  CategoryCreateSchema,
  CategoryListQuerySchema,
  CategorySchema,
  CategoryUpdateSchema,
  pagedSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './categories.service.js';
import { IdParams } from '../../lib/path-params.js';

export function categoriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpoint(API_ROUTES.categoryList),
    schema: { querystring: CategoryListQuerySchema, response: { 200: pagedSchema(CategorySchema) } },
    handler: (req) => listCategories(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.categoryCreate),
    schema: { body: CategoryCreateSchema, response: { 201: CategorySchema } },
    handler: async (req, reply) => reply.status(201).send(await createCategory(req.ctx(), req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.categoryGet),
    schema: { params: IdParams, response: { 200: CategorySchema } },
    handler: (req) => getCategory(req.ctx(), req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.categoryUpdate),
    schema: { params: IdParams, body: CategoryUpdateSchema, response: { 200: CategorySchema } },
    handler: (req) => updateCategory(req.ctx(), req.params.id, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.categoryDelete),
    schema: { params: IdParams },
    handler: async (req, reply) => {
      await deleteCategory(req.ctx(), req.params.id);
      return reply.status(204).send();
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ROUTES,
  pagedSchema,
  ProductCreateSchema,
  ProductListQuerySchema,
  ProductSchema,
  ProductUpdateSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import {
  createProduct,
  deleteProduct,
  getProductById,
  getProductBySku,
  listProducts,
  updateProduct,
} from './products.service.js';
import { IdParams } from '../../lib/path-params.js';

/** The SKU as typed (the router has decoded it from the URL). */
const SkuParams = z.object({ sku: z.string().min(1) });

export function productsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpoint(API_ROUTES.productList),
    schema: { querystring: ProductListQuerySchema, response: { 200: pagedSchema(ProductSchema) } },
    handler: (req) => listProducts(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.productCreate),
    schema: { body: ProductCreateSchema, response: { 201: ProductSchema } },
    handler: async (req, reply) => reply.status(201).send(await createProduct(req.ctx(), req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.productGetById),
    schema: { params: IdParams, response: { 200: ProductSchema } },
    handler: (req) => getProductById(req.ctx(), req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.productGet),
    schema: { params: SkuParams, response: { 200: ProductSchema } },
    handler: (req) => getProductBySku(req.ctx(), req.params.sku),
  });
  r.route({
    ...endpoint(API_ROUTES.productUpdate),
    schema: { params: SkuParams, body: ProductUpdateSchema, response: { 200: ProductSchema } },
    handler: (req) => updateProduct(req.ctx(), req.params.sku, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.productDelete),
    schema: { params: SkuParams },
    handler: async (req, reply) => {
      await deleteProduct(req.ctx(), req.params.sku);
      return reply.status(204).send();
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ROUTES,
  ItemBulkUpdateSchema,
  ItemCreateSchema,
  ItemExportQuerySchema,
  ItemHistoryQuerySchema,
  ItemHistorySchema,
  ItemIdsSchema,
  ItemListQuerySchema,
  ItemSchema,
  ItemUpdateSchema,
  pagedSchema,
} from '@tagtrack/contract';
import { endpoint } from '../../lib/route.js';
import { exportItemHistoryCsv, exportItemsCsv } from './item-exports.js';
import { listItemHistory } from './item-history.service.js';
import {
  bulkUpdateItems,
  createItem,
  getItem,
  listItems,
  removeItems,
  restoreItems,
  updateItem,
} from './items.service.js';
import { IdParams } from '../../lib/path-params.js';

const CountSchema = z.object({ count: z.number().int() });
const HistoryExportQuerySchema = ItemHistoryQuerySchema.omit({ page: true, page_size: true });

export function itemsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpoint(API_ROUTES.itemList),
    schema: { querystring: ItemListQuerySchema, response: { 200: pagedSchema(ItemSchema) } },
    handler: (req) => listItems(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.itemExportCsv, { longWork: true }),
    schema: { querystring: ItemExportQuerySchema },
    handler: (req, reply) => exportItemsCsv(req.ctx(), reply, req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.itemHistoryList),
    schema: { querystring: ItemHistoryQuerySchema, response: { 200: pagedSchema(ItemHistorySchema) } },
    handler: (req) => listItemHistory(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.itemHistoryExportCsv, { longWork: true }),
    schema: { querystring: HistoryExportQuerySchema },
    handler: (req, reply) => exportItemHistoryCsv(req.ctx(), reply, req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.itemCreate),
    schema: { body: ItemCreateSchema, response: { 201: ItemSchema } },
    handler: async (req, reply) => reply.status(201).send(await createItem(req.ctx(), req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.itemBulkUpdate),
    schema: { body: ItemBulkUpdateSchema, response: { 200: CountSchema } },
    handler: (req) => bulkUpdateItems(req.ctx(), req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.itemBulkDelete),
    schema: { body: ItemIdsSchema },
    handler: async (req, reply) => {
      await removeItems(req.ctx(), req.body.ids);
      return reply.status(204).send();
    },
  });
  r.route({
    ...endpoint(API_ROUTES.itemRestore),
    schema: { body: ItemIdsSchema, response: { 200: CountSchema } },
    handler: (req) => restoreItems(req.ctx(), req.body.ids),
  });
  r.route({
    ...endpoint(API_ROUTES.itemGet),
    schema: { params: IdParams, response: { 200: ItemSchema } },
    handler: (req) => getItem(req.ctx(), req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.itemUpdate),
    schema: { params: IdParams, body: ItemUpdateSchema, response: { 200: ItemSchema } },
    handler: (req) => updateItem(req.ctx(), req.params.id, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.itemDelete),
    schema: { params: IdParams },
    handler: async (req, reply) => {
      await removeItems(req.ctx(), [req.params.id]);
      return reply.status(204).send();
    },
  });
}

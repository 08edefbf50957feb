import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ROUTES,
  InventoryCountQuerySchema,
  InventoryCountRowSchema,
  LocationInventoryCountSchema,
  LocationItemCountQuerySchema,
  LocationProductCountQuerySchema,
  LocationTotalSchema,
  LocationTotalsQuerySchema,
  pagedSchema,
  ProductFullCountQuerySchema,
  ProductFullCountSchema,
} from '@tagtrack/contract';
import { sendCsv } from '../../lib/csv-export.js';
import { endpoint } from '../../lib/route.js';
import {
  exportPages,
  getInventoryCount,
  listInventoryCounts,
  listLocationItemCounts,
  listLocationProductCounts,
  listLocationTotals,
  listProductCounts,
  recalculateCounts,
  requireLocationName,
} from './counts.service.js';

const IdParams = z.object({ id: z.string().max(100) });
const LocationParams = z.object({ locationId: z.string().max(100) });

const INVENTORY_HEADER = ['Product', 'SKU', 'Product Code', 'Category', 'Total Count', 'In', 'Out', 'Lost'] as const;
const ROW_HEADER = ['Product', 'SKU', 'Product Code', 'Location', 'Total Item Count'] as const;

/** Inventory counts (03 §7): read from location_product_counts, never by scanning items. */
export function countsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpoint(API_ROUTES.productFullCount),
    schema: { querystring: ProductFullCountQuerySchema, response: { 200: pagedSchema(ProductFullCountSchema) } },
    handler: (req) => listProductCounts(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.productFullCountExportCsv, { longWork: true }),
    schema: { querystring: ProductFullCountQuerySchema },
    handler: (req, reply) =>
      sendCsv(
        reply,
        'inventory.csv',
        INVENTORY_HEADER,
        exportPages(async (window) => {
          const page = await listProductCounts(req.ctx(), req.query, window);
          return {
            count: page.count,
            results: page.results.map((p) => [
              p.name,
              p.sku,
              p.product_code,
              p.category__name,
              p.count,
              p.in,
              p.out,
              p.lost,
            ]),
          };
        }),
      ),
  });
  r.route({
    ...endpoint(API_ROUTES.locationItemCount),
    schema: { querystring: LocationItemCountQuerySchema, response: { 200: pagedSchema(InventoryCountRowSchema) } },
    handler: (req) => listLocationItemCounts(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.locationItemCountExportCsv, { longWork: true }),
    schema: { querystring: LocationItemCountQuerySchema },
    handler: (req, reply) =>
      sendCsv(
        reply,
        'location-item.csv',
        ROW_HEADER,
        exportPages(async (window) => rowsOf(await listLocationItemCounts(req.ctx(), req.query, window))),
      ),
  });
  r.route({
    ...endpoint(API_ROUTES.locationItemCountTotals),
    schema: { querystring: LocationTotalsQuerySchema, response: { 200: pagedSchema(LocationTotalSchema) } },
    handler: (req) => listLocationTotals(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.locationItemCountRecalculate, { longWork: true }),
    schema: { querystring: LocationTotalsQuerySchema, response: { 200: pagedSchema(LocationTotalSchema) } },
    handler: (req) => recalculateCounts(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.inventoryCountList),
    schema: { querystring: InventoryCountQuerySchema, response: { 200: pagedSchema(LocationInventoryCountSchema) } },
    handler: (req) => listInventoryCounts(req.ctx(), req.query),
  });
  r.route({
    ...endpoint(API_ROUTES.inventoryCountGet),
    schema: {
      params: IdParams,
      querystring: InventoryCountQuerySchema,
      response: { 200: LocationInventoryCountSchema },
    },
    handler: (req) => getInventoryCount(req.ctx(), req.params.id, req.query),
  });
  for (const route of [API_ROUTES.locationProductCount, API_ROUTES.locationProductCountV1]) {
    r.route({
      // Long work for its download (`?export=csv`); its page is one bounded query either way.
      ...endpoint(route, { longWork: true }),
      schema: { params: LocationParams, querystring: LocationProductCountQuerySchema },
      handler: async (req, reply) => {
        const { locationId } = req.params;
        if (req.query.export === 'csv') {
          // Answers NotFound before the download starts when the location is not the customer's.
          const locationName = await requireLocationName(req.ctx(), locationId);
          return sendCsv(
            reply,
            `inventory-${locationName}.csv`,
            ROW_HEADER,
            exportPages(async (window) =>
              rowsOf(await listLocationProductCounts(req.ctx(), locationId, req.query, window)),
            ),
          );
        }
        const { locationName: _name, ...page } = await listLocationProductCounts(req.ctx(), locationId, req.query);
        return page;
      },
    });
  }
}

function rowsOf(page: { count: number; results: z.infer<typeof InventoryCountRowSchema>[] }) {
  return {
    count: page.count,
    results: page.results.map((row) => [row.name, row.sku, row.product_code, row.location_name, row.count]),
  };
}

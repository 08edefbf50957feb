import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ROUTES,
  FloorPlanInputSchema,
  FloorPlanSchema,
  LeafRemainingSchema,
  LocationCountsSchema,
  LocationCreateSchema,
  LocationFileSchema,
  LocationFileTypeSchema,
  LocationFileUploadSchema,
  LocationListQuerySchema,
  LocationSchema,
  LocationUpdateSchema,
  MESSAGE_KEYS as M,
} from '@tagtrack/contract';
import { AppError, validationError } from '../../lib/errors.js';
import { sendCsv } from '../../lib/csv-export.js';
import { endpoint } from '../../lib/route.js';
import type { FileStorage } from '../../lib/storage/file-storage.js';
import { issuesToDetail } from '../../lib/errors.js';
import {
  deleteFloorPlan,
  deleteLocationFile,
  getFloorPlan,
  listLocationFiles,
  readLocationFile,
  saveFloorPlan,
  uploadLocationFile,
  type Upload,
} from './location-files.service.js';
import { flattenWithPaths } from './location-tree.js';
import {
  createLocation,
  deleteLocation,
  getLeafRemaining,
  getLocation,
  getLocationCounts,
  listLocations,
  setActive,
  updateLocationById,
} from './locations.service.js';
import { truthy } from '../../lib/query-params.js';
import { pathId, pathUuid, UuidIdParams } from '../../lib/path-params.js';

const IdParams = UuidIdParams;
const FileParams = z.object({ id: z.string(), pk: z.string() }).transform(({ id, pk }) => ({
  id: pathUuid(id),
  pk: pathId(pk),
}));

export function locationsRoutes(app: FastifyInstance, storage: FileStorage) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpoint(API_ROUTES.locationList),
    schema: { querystring: LocationListQuerySchema, response: { 200: z.array(LocationSchema) } },
    handler: async (req, reply) => {
      const tree = await listLocations(req.ctx(), {
        onlyRoot: truthy(req.query.only_root),
        concrete: req.query.role === 'concrete',
        search: req.query.search,
      });
      // The tree is typed by the service; encoding it through the recursive response schema
      // doubled the time of a large tree, so it is sent as JSON text (the schema still documents it).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(JSON.stringify(tree));
    },
  });
  r.route({
    ...endpoint(API_ROUTES.locationCreate),
    schema: { body: LocationCreateSchema, response: { 201: LocationSchema } },
    handler: async (req, reply) => reply.status(201).send(await createLocation(req.ctx(), req.body)),
  });
  r.route({
    ...endpoint(API_ROUTES.locationLeafRemaining),
    schema: { response: { 200: LeafRemainingSchema } },
    handler: (req) => getLeafRemaining(req.ctx()),
  });
  r.route({
    ...endpoint(API_ROUTES.locationExportCsv, { longWork: true }),
    handler: async (req, reply) => {
      const roots = await listLocations(req.ctx(), { onlyRoot: false, concrete: false });
      // The tree is in memory already: one chunk, through the one CSV writer (formula cells defused).
      const rows = flattenWithPaths(roots).map(({ node, path }) => [
        path,
        node.name,
        node.uuid,
        node.parent ?? '',
        String(node.active),
        JSON.stringify(node.metadata),
        node.items,
        node.products,
      ]);
      return sendCsv(
        reply,
        'locations.csv',
        ['path', 'name', 'uuid', 'parent', 'active', 'metadata', 'items', 'products'],
        [rows],
        Infinity,
      );
    },
  });
  r.route({
    ...endpoint(API_ROUTES.locationGet),
    schema: { params: IdParams, response: { 200: LocationSchema } },
    handler: (req) => getLocation(req.ctx(), req.params.id),
  });
  r.route({
    ...endpoint(API_ROUTES.locationUpdate),
    schema: { params: IdParams, body: LocationUpdateSchema, response: { 200: LocationSchema } },
    handler: (req) => updateLocationById(req.ctx(), req.params.id, req.body),
  });
  r.route({
    ...endpoint(API_ROUTES.locationDelete),
    schema: { params: IdParams },
    handler: async (req, reply) => {
      await deleteLocation(req.ctx(), storage, req.params.id);
      return reply.status(204).send();
    },
  });
  r.route({
    ...endpoint(API_ROUTES.locationCounts),
    schema: { params: IdParams, response: { 200: LocationCountsSchema } },
    handler: (req) => getLocationCounts(req.ctx(), req.params.id),
  });
  for (const [route, active] of [
    [API_ROUTES.locationActivate, true],
    [API_ROUTES.locationActivatePost, true],
    [API_ROUTES.locationDisable, false],
    [API_ROUTES.locationDisablePost, false],
  ] as const) {
    r.route({
      ...endpoint(route),
      schema: { params: IdParams, response: { 200: LocationSchema } },
      handler: (req) => setActive(req.ctx(), req.params.id, active),
    });
  }

  r.route({
    ...endpoint(API_ROUTES.locationFileUpload),
    schema: { params: IdParams, response: { 201: LocationFileSchema } },
    handler: async (req, reply) => {
      if (!req.isMultipart()) {
        throw new AppError('UnsupportedMediaType', M.imageAsMultipart);
      }
      const fields: Record<string, string> = {};
      let data: Buffer | null = null;
      let truncated = false;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || data) {
              await part.toBuffer().catch(() => undefined);
              throw validationError({ file: ['Send one image in the field file.'] });
            }
            data = await part.toBuffer();
            truncated = part.file.truncated;
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationError({ file: [M.imageTooLarge] });
        if (
          code === 'FST_FILES_LIMIT_REACHED' ||
          code === 'FST_PARTS_LIMIT_REACHED' ||
          code === 'FST_FIELDS_LIMIT_REACHED'
        ) {
          throw validationError({ file: ['Send one image in the field file.'] });
        }
        throw error;
      }
      const parsed = LocationFileUploadSchema.safeParse(fields);
      if (!parsed.success) throw new AppError('ValidationError', issuesToDetail(parsed.error.issues));
      const upload: Upload = { ...parsed.data, data, truncated };
      return reply.status(201).send(await uploadLocationFile(req.ctx(), storage, req.params.id, upload));
    },
  });
  r.route({
    ...endpoint(API_ROUTES.locationFileList),
    schema: {
      params: IdParams,
      querystring: z.object({ type: LocationFileTypeSchema.optional() }),
      response: { 200: z.array(LocationFileSchema) },
    },
    handler: (req) => listLocationFiles(req.ctx(), req.params.id, req.query.type),
  });
  r.route({
    ...endpoint(API_ROUTES.locationFileGet),
    schema: { params: FileParams },
    handler: async (req, reply) => {
      const { file, stream } = await readLocationFile(req.ctx(), storage, req.params.id, req.params.pk);
      const filename = encodeURIComponent(file.name);
      // SECURITY: the real type, no sniffing, and a policy under which nothing in the file can run.
      return reply
        .type(file.content_type)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        )
        .header('content-disposition', `inline; filename*=UTF-8''${filename}`)
        .header('cache-control', 'private, max-age=300')
        .send(stream);
    },
  });
  r.route({
    ...endpoint(API_ROUTES.locationFileDelete),
    schema: { params: FileParams },
    handler: async (req, reply) => {
      await deleteLocationFile(req.ctx(), storage, req.params.id, req.params.pk);
      return reply.status(204).send();
    },
  });

  r.route({
    ...endpoint(API_ROUTES.floorPlanGet),
    schema: { params: IdParams, response: { 200: FloorPlanSchema } },
    handler: (req) => getFloorPlan(req.ctx(), req.params.id),
  });
  for (const route of [API_ROUTES.floorPlanCreate, API_ROUTES.floorPlanReplace]) {
    r.route({
      ...endpoint(route),
      schema: { params: IdParams, body: FloorPlanInputSchema, response: { 200: FloorPlanSchema } },
      handler: (req) => saveFloorPlan(req.ctx(), req.params.id, req.body),
    });
  }
  r.route({
    ...endpoint(API_ROUTES.floorPlanDelete),
    schema: { params: IdParams },
    handler: async (req, reply) => {
      await deleteFloorPlan(req.ctx(), storage, req.params.id);
      return reply.status(204).send();
    },
  });
}

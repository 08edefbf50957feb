import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  ImportPreviewSchema,
  ImportResultSchema,
  ITEM_IMPORT_TEMPLATE_FILE,
  PRODUCT_IMPORT_TEMPLATE_FILE,
  UPLOAD_LIMIT_BYTES,
  MESSAGE_KEYS as M,
} from '@tagtrack/contract';
import { AppError, validationError } from '../../lib/errors.js';
import { endpoint } from '../../lib/route.js';
import { ImportFileError } from './csv-reader.js';
import { commitImport, importTemplate, previewImport, type ImportKind, type ImportUpload } from './imports.service.js';
import { sendCsv } from '../../lib/csv-export.js';

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_ALLOWANCE = 64 * 1024;

/** The uploaded CSV as a stream (multipart field `file`, up to UPLOAD_LIMIT_BYTES). */
async function readUpload(req: FastifyRequest): Promise<ImportUpload> {
  if (!req.isMultipart()) {
    throw new AppError('UnsupportedMediaType', M.csvAsMultipart);
  }
  // A body announced well over the limit is refused before it is read (the browser checks the
  // size too); the multipart limit below catches the rest.
  if (Number(req.headers['content-length']) > UPLOAD_LIMIT_BYTES + MULTIPART_ALLOWANCE) {
    req.raw.resume();
    throw validationError({ file: [M.importFileTooLarge] });
  }
  const part = await req.file().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw validationError({ file: [M.importFileTooLarge] });
    throw error;
  });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw validationError({ file: [M.requiredFile] });
  }
  let cut = false;
  part.file.on('limit', () => {
    cut = true;
  });
  return { stream: part.file, truncated: () => cut || part.file.truncated };
}

/** A problem of the whole file answers ValidationError on `file`. */
async function withFileErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ImportFileError) throw validationError({ file: [error.key] });
    throw error;
  }
}

export function importsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const kinds = [
    {
      kind: 'products' as ImportKind,
      file: PRODUCT_IMPORT_TEMPLATE_FILE,
      template: API_ROUTES.productImportTemplate,
      preview: API_ROUTES.productImportPreview,
      commit: API_ROUTES.productImport,
    },
    {
      kind: 'items' as ImportKind,
      file: ITEM_IMPORT_TEMPLATE_FILE,
      template: API_ROUTES.itemImportTemplate,
      preview: API_ROUTES.itemImportPreview,
      commit: API_ROUTES.itemImport,
    },
  ];
  for (const { kind, file, template, preview, commit } of kinds) {
    r.route({
      ...endpoint(template),
      handler: async (req, reply) => {
        const [header, ...rows] = await importTemplate(req.ctx(), kind);
        // Through the one CSV writer the exports use: its quoting, formula defusing and header.
        return sendCsv(reply as FastifyReply, file, header ?? [], [rows]);
      },
    });
    r.route({
      ...endpoint(preview),
      schema: { response: { 200: ImportPreviewSchema } },
      handler: async (req) => withFileErrors(async () => previewImport(req.ctx(), kind, await readUpload(req))),
    });
    r.route({
      ...endpoint(commit),
      schema: { response: { 201: ImportResultSchema } },
      handler: async (req, reply) => {
        const result = await withFileErrors(async () => commitImport(req.ctx(), kind, await readUpload(req)));
        return reply.status(201).send(result);
      },
    });
  }
}

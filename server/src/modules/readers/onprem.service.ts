import { z } from 'zod';
import {
  DISCOVERED_READER_ORDERING,
  HANDHELD_KIND,
  ReaderCreateSchema,
  pageWindow,
  singleOrdering,
  type DiscoveredReader,
  type DiscoveredReaderListQuery,
  type Paged,
  type ReaderCredentials,
} from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { findDiscovered, findDiscoveredAt, findDiscoveredPage, type DiscoveredRow } from './onprem.repository.js';
import { createReader, type ReaderCreateInput, type ReaderServiceOptions } from './readers.service.js';

/** The autodiscovered list offers this many readers at most. */
const AUTODISCOVERED_LIMIT = 50;

export const ValidateReaderSchema = z.object({
  ip_address: z.ipv4('ipAddressRequiredOnPrem'),
  serial: z.string().trim().max(64).optional(),
});
export const ValidateReaderResultSchema = z.object({
  valid: z.boolean(),
  serial: z.string().nullable(),
  kind: z.string().nullable(),
  detail: z.string(),
});

/** POST /configuration/handheld-reader-onprem-initialization/: a handheld, its password its secret. */
export const HandheldOnpremSchema = ReaderCreateSchema.pick({
  serial_number: true,
  name: true,
  description: true,
}).extend({
  password: z.string({ error: 'passwordRequiredOnPrem' }).min(1, 'passwordRequiredOnPrem').max(128),
});

function requireOnPremise(options: ReaderServiceOptions) {
  // The cloud variant has none of these: they answer as if they did not exist.
  if (!options.onPremise) throw notFound();
}

function present(row: DiscoveredRow): DiscoveredReader {
  return {
    id: row.id,
    serial: row.serial,
    kind: row.kind,
    ip_address: row.ipAddress,
    version: row.version,
    last_seen: row.lastSeen.toISOString(),
  };
}

/** GET /configuration/reader-autodiscovery/ (search: serial or IP address). */
export async function listDiscovered(
  ctx: ServiceContext,
  options: ReaderServiceOptions,
  query: DiscoveredReaderListQuery,
): Promise<Paged<DiscoveredReader>> {
  requireOnPremise(options);
  const order = singleOrdering(query.ordering, DISCOVERED_READER_ORDERING, 'serial');
  const { count, rows } = await findDiscoveredPage(ctx.tenant, {
    search: query.search || undefined,
    field: order.field,
    descending: order.descending,
    ...pageWindow({ page: query.page, page_size: Math.min(query.page_size, 100) }),
  });
  return { count, results: rows.map(present) };
}

/** GET /configuration/reader-autodiscovery/{id}/ */
export async function getDiscovered(ctx: ServiceContext, options: ReaderServiceOptions, id: number) {
  requireOnPremise(options);
  const row = await findDiscovered(ctx.tenant, id);
  if (!row) throw notFound();
  return present(row);
}

/** GET /configuration/reader-autodiscovered/?search: the same readers, unpaged (the first 50). */
export async function searchDiscovered(
  ctx: ServiceContext,
  options: ReaderServiceOptions,
  search: string | undefined,
): Promise<DiscoveredReader[]> {
  requireOnPremise(options);
  const { rows } = await findDiscoveredPage(ctx.tenant, {
    search: search || undefined,
    field: 'serial',
    descending: false,
    limit: AUTODISCOVERED_LIMIT,
    offset: 0,
  });
  return rows.map(present);
}

/** POST /configuration/reader-onprem-initialization/: registers a reader with its IP address and password. */
export async function initializeOnpremReader(
  ctx: ServiceContext,
  options: ReaderServiceOptions,
  input: ReaderCreateInput,
): Promise<ReaderCredentials> {
  requireOnPremise(options);
  return createReader(ctx, options, input);
}

/** POST /configuration/validate-reader/: whether an unregistered reader announced itself at this address. */
export async function validateReader(
  ctx: ServiceContext,
  options: ReaderServiceOptions,
  input: z.infer<typeof ValidateReaderSchema>,
): Promise<z.infer<typeof ValidateReaderResultSchema>> {
  requireOnPremise(options);
  const [found] = await findDiscoveredAt(ctx.tenant, input.ip_address, input.serial);
  if (!found) {
    return {
      valid: false,
      serial: null,
      kind: null,
      detail: 'No unregistered reader has announced itself at this address.',
    };
  }
  return { valid: true, serial: found.serial, kind: found.kind || null, detail: 'The reader was found.' };
}

/** POST /configuration/handheld-reader-onprem-initialization/ */
export async function initializeOnpremHandheld(
  ctx: ServiceContext,
  options: ReaderServiceOptions,
  input: z.infer<typeof HandheldOnpremSchema>,
): Promise<ReaderCredentials> {
  requireOnPremise(options);
  return createReader(ctx, options, { ...input, reader_type: HANDHELD_KIND }, { requireIp: false });
}

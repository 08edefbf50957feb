import type { z } from 'zod';
import {
  HANDHELD_KIND,
  READER_ORDERING,
  pageWindow,
  singleOrdering,
  type Paged,
  type Reader,
  type ReaderCreateSchema,
  type ReaderCredentials,
  type ReaderInitialization,
  type ReaderListQuery,
  type ReaderUpdate,
  MESSAGE_KEYS as M,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound, validationError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/auth/passwords.js';
import { newReaderSecret } from '../../lib/auth/reader-tokens.js';
import {
  clearHeartbeats,
  countReadersInSetup,
  deleteReader,
  findAssignedConfigurations,
  findAssignedIds,
  findHeartbeats,
  findReaderBySerial,
  findReaderByUuid,
  findReaderPage,
  insertReader,
  serialTaken,
  updateReader,
  type AssignedConfigurationRow,
  type HeartbeatRow,
  type ReaderInsert,
  type ReaderRow,
} from './readers.repository.js';
import { isUuid } from '../../lib/query-params.js';

/** A reader list is paged at most this many rows at a time. */
const READER_MAX_PAGE_SIZE = 100;

export interface ReaderServiceOptions {
  onPremise: boolean;
  /** The names of the reader types a reader may have (from the reader gateway). */
  kindNames(): Promise<string[]>;
}

export type ReaderCreateInput = z.infer<typeof ReaderCreateSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentReader(row: ReaderRow, configs: AssignedConfigurationRow[], beats: HeartbeatRow[]): Reader {
  return {
    uuid: row.uuid,
    id: row.id,
    serial: row.serial,
    name: row.name,
    description: row.description,
    kind: row.kind,
    reader_family: row.family,
    state: row.state,
    status: row.status,
    setup_mode_read: iso(row.setupModeRead),
    configurations: configs.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      reader_type: c.readerType,
      location: c.locationUuid,
      location_name: c.locationName,
    })),
    config_data: configs.flatMap((c) => (c.locationUuid ? [{ configuration: c.id, location: c.locationUuid }] : [])),
    heartbeats: beats.map((h) => ({
      application: h.application,
      updated: h.updated.toISOString(),
      interval: h.interval,
      mode: h.mode,
      version: h.version,
      ipaddress: h.ipaddress,
      antennas: h.antennas,
    })),
    metadata: row.metadata.ip_address ? { ip_address: row.metadata.ip_address } : {},
    last_process_list: iso(row.lastProcessList),
  };
}

export async function presentOne(tenant: TenantScope, row: ReaderRow): Promise<Reader> {
  const [configs, beats] = await Promise.all([
    findAssignedConfigurations(tenant, [row.id]),
    findHeartbeats(tenant, [row.id]),
  ]);
  return presentReader(row, configs.get(row.id) ?? [], beats.get(row.id) ?? []);
}

/** SECURITY: the tenant scope makes another customer's reader (or a malformed uuid) a NotFound. */
export async function requireReader(tenant: TenantScope, uuid: string): Promise<ReaderRow> {
  const row = isUuid(uuid) ? await findReaderByUuid(tenant, uuid) : undefined;
  if (!row) throw notFound();
  return row;
}

/** The tenant's reader of this serial (compared without regard to case), else NotFound. */
async function requireReaderBySerial(tenant: TenantScope, serial: string): Promise<ReaderRow> {
  const row = await findReaderBySerial(tenant, serial);
  // SECURITY: serials are unique across the installation; another customer's reader is not found.
  if (!row || row.customerId !== tenant.customerId) throw notFound();
  return row;
}

/** GET /configuration/reader/ (default order: serial). */
export async function listReaders(ctx: ServiceContext, query: ReaderListQuery): Promise<Paged<Reader>> {
  const order = singleOrdering(query.ordering, READER_ORDERING, 'serial');
  const { count, rows } = await findReaderPage(ctx.tenant, {
    search: query.search || undefined,
    family: query.reader_family,
    field: order.field,
    descending: order.descending,
    ...pageWindow({ page: query.page, page_size: Math.min(query.page_size, READER_MAX_PAGE_SIZE) }),
  });
  const ids = rows.map((r) => r.id);
  const [configs, beats] = await Promise.all([
    findAssignedConfigurations(ctx.tenant, ids),
    findHeartbeats(ctx.tenant, ids),
  ]);
  return { count, results: rows.map((r) => presentReader(r, configs.get(r.id) ?? [], beats.get(r.id) ?? [])) };
}

export async function getReader(ctx: ServiceContext, uuid: string): Promise<Reader> {
  return presentOne(ctx.tenant, await requireReader(ctx.tenant, uuid));
}

async function requireKind(options: ReaderServiceOptions, kind: string): Promise<void> {
  if (!(await options.kindNames()).includes(kind)) throw validationError({ reader_type: [M.invalidValue] });
}

/**
 * POST /configuration/reader/ (and the on-premise initialisations): the reader starts unassigned;
 * its secret is answered once. On-premise the password given is the secret, so none is answered.
 */
export async function createReader(
  ctx: ServiceContext,
  options: ReaderServiceOptions,
  input: ReaderCreateInput,
  extra: { requireIp?: boolean } = {},
): Promise<ReaderCredentials> {
  if (options.onPremise) {
    const detail: Record<string, string[]> = {};
    if (extra.requireIp !== false && !input.ip_address) detail.ip_address = [M.ipAddressRequiredOnPrem];
    if (!input.password) detail.password = [M.passwordRequiredOnPrem];
    if (Object.keys(detail).length > 0) throw validationError(detail);
  }
  await requireKind(options, input.reader_type);
  if (await serialTaken(ctx.tenant, input.serial_number)) {
    throw validationError({ serial_number: [M.deviceSerialExists] });
  }
  const secret = options.onPremise ? input.password! : newReaderSecret();
  const row = await insertReader(ctx.tenant, {
    serial: input.serial_number,
    name: input.name,
    description: input.description,
    kind: input.reader_type,
    family: input.reader_type === HANDHELD_KIND ? 'hh' : 'fx',
    metadata: options.onPremise && input.ip_address ? { ip_address: input.ip_address } : {},
    secretHash: await hashPassword(secret),
  });
  ctx.log.info({ readerId: row.id, by: ctx.actor.id }, 'reader created');
  return { uuid: row.uuid, serial: row.serial, secret: options.onPremise ? '' : secret };
}

async function setupModeChange(
  options: ReaderServiceOptions,
  reader: ReaderRow,
  status: 'normal' | 'setup',
): Promise<Partial<ReaderInsert>> {
  if (status === 'normal') return { status: 'normal', setupModeRead: null };
  if (options.onPremise) throw validationError({ status: [M.setupModeOnPremise] });
  if (reader.family !== 'fx' || reader.state === 'unassigned') {
    throw validationError({ status: [M.setupModeUnavailable] });
  }
  return { status: 'setup', setupModeRead: new Date() };
}

/** PATCH /configuration/reader/{uuid}/: the update payload, or {status} to turn setup mode on or off. */
export async function updateReaderByUuid(
  ctx: ServiceContext,
  options: ReaderServiceOptions,
  uuid: string,
  input: ReaderUpdate,
): Promise<Reader> {
  return ctx.tenant.transaction(async (tenant) => {
    const reader = await requireReader(tenant, uuid);
    const set: Partial<ReaderInsert> = {};
    const serialField = input.serial_number !== undefined ? 'serial_number' : 'serial';
    const serial = input.serial_number ?? input.serial;
    if (serial !== undefined && serial !== reader.serial) {
      if (await serialTaken(tenant, serial, reader.id))
        throw validationError({ [serialField]: [M.deviceSerialExists] });
      set.serial = serial;
    }
    if (input.name !== undefined) set.name = input.name;
    if (input.description !== undefined) set.description = input.description;
    if (input.reader_type !== undefined && input.reader_type !== reader.kind) {
      if (reader.family === 'hh' || input.reader_type === HANDHELD_KIND) {
        throw validationError({ reader_type: [M.handheldTypeFixed] });
      }
      await requireKind(options, input.reader_type);
      if ((await findAssignedIds(tenant, reader.id)).length > 0) {
        throw validationError({ reader_type: [M.readerTypeLocked] });
      }
      set.kind = input.reader_type;
    }
    if (options.onPremise && input.metadata?.ip_address !== undefined) {
      set.metadata = { ...reader.metadata, ip_address: input.metadata.ip_address };
    }
    if (input.status !== undefined) Object.assign(set, await setupModeChange(options, reader, input.status));
    const row = Object.keys(set).length > 0 ? await updateReader(tenant, reader.id, set) : reader;
    if (!row) throw notFound();
    ctx.log.info({ readerId: reader.id, by: ctx.actor.id, fields: Object.keys(set) }, 'reader updated');
    return presentOne(tenant, row);
  });
}

/** DELETE /configuration/reader/{uuid}/: its assignments and heartbeats go with it. */
export async function deleteReaderByUuid(ctx: ServiceContext, uuid: string): Promise<void> {
  const reader = await requireReader(ctx.tenant, uuid);
  await deleteReader(ctx.tenant, reader.id);
  ctx.log.info({ readerId: reader.id, by: ctx.actor.id }, 'reader deleted');
}

/** GET /configuration/reader/setup-mode/: the console banner (01 §2.4), for every signed-in user. */
export async function setupModeSummary(ctx: ServiceContext): Promise<{ active: boolean; readers: number }> {
  const count = await countReadersInSetup(ctx.tenant);
  return { active: count > 0, readers: count };
}

/** POST …/{uuid}/reset_setup_time/: 'Yes, Continue' gives setup mode another 30 minutes. */
export async function resetSetupTime(
  ctx: ServiceContext,
  uuid: string,
): Promise<{ uuid: string; setup_mode_read: string }> {
  const reader = await requireReader(ctx.tenant, uuid);
  if (reader.status !== 'setup') throw validationError({ status: [M.setupModeNotActive] });
  const row = await updateReader(ctx.tenant, reader.id, { setupModeRead: new Date() });
  if (!row?.setupModeRead) throw notFound();
  return { uuid: row.uuid, setup_mode_read: row.setupModeRead.toISOString() };
}

/** DELETE …/{uuid}/heartbeat/clear_heartbeats/ */
export async function clearReaderHeartbeats(ctx: ServiceContext, uuid: string): Promise<void> {
  const reader = await requireReader(ctx.tenant, uuid);
  await clearHeartbeats(ctx.tenant, reader.id);
}

/**
 * POST /configuration/reader-initialization/: a new secret for the reader (answered once); its
 * tokens issued for the old secret stop working. On-premise the password given is the secret.
 */
export async function initializeReader(
  ctx: ServiceContext,
  options: ReaderServiceOptions,
  input: ReaderInitialization,
): Promise<ReaderCredentials> {
  const reader = input.uuid
    ? await requireReader(ctx.tenant, input.uuid)
    : await requireReaderBySerial(ctx.tenant, input.serial_number!);
  if (options.onPremise && !input.password) throw validationError({ password: [M.passwordRequiredOnPrem] });
  const secret = options.onPremise ? input.password! : newReaderSecret();
  await updateReader(ctx.tenant, reader.id, { secretHash: await hashPassword(secret) });
  ctx.log.info({ readerId: reader.id, by: ctx.actor.id }, 'reader initialised');
  return { uuid: reader.uuid, serial: reader.serial, secret: options.onPremise ? '' : secret };
}

import type { z } from 'zod';
import {
  HANDHELD_KIND,
  type Reader,
  type ReaderAssignment,
  type ReaderTemplateAssignmentSchema,
  MESSAGE_KEYS as M,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound, validationError } from '../../lib/errors.js';
import { ensureTemplateCopy, findConfigurationsByIds } from './configurations.service.js';
import type { ConfigurationRow } from './configurations.repository.js';
import {
  addAssignments,
  findAssignedIds,
  findLocationNames,
  replaceAssignments,
  updateReader,
  type ReaderInsert,
  type ReaderRow,
} from './readers.repository.js';
import { presentOne, requireReader } from './readers.service.js';

type TemplateAssignment = z.infer<typeof ReaderTemplateAssignmentSchema>;

/** Whether a configuration may run on the reader: handhelds take Handheld ones, fixed readers their own type. */
function fitsReader(reader: ReaderRow, configuration: ConfigurationRow): boolean {
  return reader.family === 'hh'
    ? configuration.readerType === HANDHELD_KIND
    : configuration.readerType === reader.kind && configuration.readerType !== HANDHELD_KIND;
}

/** A configuration with a sensor type must be the reader's only one. */
function checkSensorRule(set: ConfigurationRow[], field: string) {
  if (set.length > 1 && set.some((c) => c.sensortypeUuid))
    throw validationError({ [field]: [M.sensorConfigurationAlone] });
}

/** The state after an assignment: assigned, or unassigned (and out of setup mode) when none is left. */
function stateAfter(count: number): Partial<ReaderInsert> {
  return count > 0 ? { state: 'assigned' } : { state: 'unassigned', status: 'normal', setupModeRead: null };
}

async function finish(tenant: TenantScope, reader: ReaderRow): Promise<Reader> {
  const count = (await findAssignedIds(tenant, reader.id)).length;
  const row = await updateReader(tenant, reader.id, stateAfter(count));
  if (!row) throw notFound();
  return presentOne(tenant, row);
}

/**
 * POST /configuration/reader-assignment/: the reader's configurations become exactly the ones given.
 * SECURITY: every id must name a configuration of the actor's customer, else nothing changes.
 */
export async function assignConfigurations(ctx: ServiceContext, input: ReaderAssignment): Promise<Reader> {
  const field = 'reader_configuration_ids';
  const ids = input.reader_configuration_ids;
  return ctx.tenant.transaction(async (tenant) => {
    const reader = await requireReader(tenant, input.reader_uuid);
    if (new Set(ids).size !== ids.length) throw validationError({ [field]: [M.duplicateConfigurationLocation] });
    const configurations = await findConfigurationsByIds(tenant, ids);
    const messages = new Set<string>();
    if (configurations.length !== ids.length) messages.add(M.configurationNotFound);
    for (const c of configurations) {
      if (c.isTemplate) messages.add(M.configurationIsTemplate);
      else if (!fitsReader(reader, c)) messages.add(M.configurationReaderTypeMismatch);
    }
    if (messages.size > 0) throw validationError({ [field]: [...messages] });
    checkSensorRule(configurations, field);
    await replaceAssignments(tenant, reader.id, ids);
    ctx.log.info({ readerId: reader.id, by: ctx.actor.id, configurations: ids.length }, 'reader assigned');
    return finish(tenant, reader);
  });
}

/**
 * POST /configuration/reader-template-assignment/: each row's template becomes a configuration at
 * the row's location, added to the reader's configurations.
 */
export async function assignTemplates(ctx: ServiceContext, input: TemplateAssignment): Promise<Reader> {
  const field = 'config_data';
  const rows = input.config_data;
  return ctx.tenant.transaction(async (tenant) => {
    const reader = await requireReader(tenant, input.reader_uuid);
    const pairs = new Set(rows.map((r) => `${r.configuration}|${r.location}`));
    if (pairs.size !== rows.length) throw validationError({ [field]: [M.duplicateConfigurationLocation] });
    const templates = new Map(
      (await findConfigurationsByIds(tenant, [...new Set(rows.map((r) => r.configuration))])).map((c) => [c.id, c]),
    );
    const names = await findLocationNames(tenant, [...new Set(rows.map((r) => r.location))]);
    const messages = new Set<string>();
    for (const r of rows) {
      const template = templates.get(r.configuration);
      if (!template) messages.add(M.configurationNotFound);
      else if (!template.isTemplate) messages.add(M.configurationNotTemplate);
      else if (!fitsReader(reader, template)) messages.add(M.configurationReaderTypeMismatch);
      if (!names.has(r.location)) messages.add(M.invalidLocation);
    }
    if (messages.size > 0) throw validationError({ [field]: [...messages] });
    const copies: ConfigurationRow[] = [];
    for (const r of rows) {
      copies.push(await ensureTemplateCopy(tenant, r.configuration, r.location));
    }
    const current = await findConfigurationsByIds(tenant, await findAssignedIds(tenant, reader.id));
    const set = new Map([...current, ...copies].map((c) => [c.id, c]));
    checkSensorRule([...set.values()], field);
    await addAssignments(
      tenant,
      reader.id,
      copies.map((c) => c.id),
    );
    ctx.log.info({ readerId: reader.id, by: ctx.actor.id, templates: rows.length }, 'reader templates assigned');
    return finish(tenant, reader);
  });
}

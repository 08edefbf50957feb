import {
  CONFIGURATION_ORDERING,
  configurationDeleteRefusal,
  epcKeyPrefixes,
  HANDHELD_KIND,
  NAME_MAX_LENGTH,
  pageWindow,
  singleOrdering,
  MESSAGE_KEYS as M,
  type ConfData,
  type Paged,
  type ReaderConfiguration,
  type ReaderConfigurationListQuery,
  type ReaderConfigurationWriteSchema,
} from '@tagtrack/contract';
import type { z } from 'zod';
import type { TenantScope } from '../../db/tenant.js';
import type { CachedScope, ServiceContext } from '../../lib/context.js';
import { notFound, validationError } from '../../lib/errors.js';
import { listEncodings } from '../encodings/encodings.service.js';
import { isMeasurementType } from '../measurement-types/measurement-types.service.js';
import { configurationProblems } from './configurations.policy.js';
import {
  configurationNameTaken,
  configurationSharesAReader,
  deleteConfiguration,
  findConfigurationByName,
  findConfigurationPage,
  findConfigurationView,
  findConfigurationViews,
  findLocationName,
  insertConfiguration,
  markReadersOfConfigurationAssigned,
  updateConfiguration,
  type ConfigurationView,
} from './configurations.repository.js';
import type { ReaderGateway } from './reader-gateway.js';

export type { ConfigurationView } from './configurations.repository.js';
/** A parsed POST/PUT body (defaults applied). */
export type ConfigurationInput = z.output<typeof ReaderConfigurationWriteSchema>;

export function presentConfiguration(row: ConfigurationView): ReaderConfiguration {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    customer: row.customerId,
    location: row.locationUuid,
    location_name: row.locationName,
    is_template: row.isTemplate,
    is_ready: row.isReady,
    reader_type: row.readerType,
    application: row.application,
    sensortype_uuid: row.sensortypeUuid,
    conf_data: row.confData,
    reader_count: row.readerCount,
  };
}

async function requireConfiguration(tenant: TenantScope, id: number): Promise<ConfigurationView> {
  // SECURITY: the tenant scope makes another customer's configuration a NotFound.
  const row = await findConfigurationView(tenant, id);
  if (!row) throw notFound();
  return row;
}

/**
 * conf_data as stored: every Rfid entry's RfidFilter is the key prefixes of the customer's enabled
 * encodings at the time of the save (02 §3); what the client sent there is ignored.
 */
async function withRfidFilter(tenant: TenantScope, confData: ConfData): Promise<ConfData> {
  const filter = epcKeyPrefixes(await listEncodings(tenant));
  return { ...confData, Rfid: confData.Rfid.map((rfid) => ({ ...rfid, RfidFilter: [...filter] })) };
}

/**
 * What is wrong with a configuration's sensor type, if anything: it must be a measurement type,
 * and a configuration readers run beside others cannot take one (a configuration with a sensor
 * type is its reader's only one, 02 §5).
 */
async function sensorTypeProblem(
  scope: CachedScope,
  sensortypeUuid: string | null,
  configurationId?: number,
): Promise<string | undefined> {
  const { tenant } = scope;
  if (sensortypeUuid === null) return undefined;
  if (!(await isMeasurementType(scope, sensortypeUuid))) return M.invalidValue;
  if (configurationId !== undefined && (await configurationSharesAReader(tenant, configurationId))) {
    return M.sensorConfigurationAlone;
  }
  return undefined;
}

/** Checks a body against the catalogue, the customer's locations and names; answers the values to store. */
async function validated(scope: CachedScope, gateway: ReaderGateway, input: ConfigurationInput, exceptId?: number) {
  const { tenant } = scope;
  const [kinds, apps] = await Promise.all([gateway.listKinds(), gateway.listApps()]);
  const problems = configurationProblems(input, kinds, apps);
  // A template has no location, whatever the client sent.
  const locationUuid = input.is_template ? null : input.location;
  if (locationUuid && (await findLocationName(tenant, locationUuid)) === undefined) {
    problems.location = [M.invalidLocation];
  }
  if (await configurationNameTaken(tenant, input.name, exceptId)) problems.name = [M.fieldMustBeUnique];
  const sensorProblem = await sensorTypeProblem(scope, input.sensortype_uuid, exceptId);
  if (sensorProblem) problems.sensortype_uuid = [sensorProblem];
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return {
    name: input.name,
    description: input.description,
    locationUuid,
    isTemplate: input.is_template,
    readerType: input.reader_type,
    application: input.application,
    sensortypeUuid: input.sensortype_uuid,
    confData: await withRfidFilter(tenant, input.conf_data),
  };
}

/**
 * GET /configuration/reader-configuration/ (default order: name). Without
 * show_handhelds_and_templates=true, templates and Handheld configurations are left out.
 */
export async function listConfigurations(
  ctx: ServiceContext,
  query: ReaderConfigurationListQuery,
): Promise<Paged<ReaderConfiguration>> {
  const order = singleOrdering(query.ordering, CONFIGURATION_ORDERING, 'name');
  const { count, rows } = await findConfigurationPage(ctx.tenant, {
    search: query.search || undefined,
    includeHandheldsAndTemplates: query.show_handhelds_and_templates === 'true',
    handheldKind: HANDHELD_KIND,
    readerType: query.reader_type || undefined,
    field: order.field,
    descending: order.descending,
    ...pageWindow(query),
  });
  return { count, results: rows.map(presentConfiguration) };
}

/** GET /configuration/reader-configuration/{id}/ */
export async function getConfiguration(ctx: ServiceContext, id: number) {
  return presentConfiguration(await requireConfiguration(ctx.tenant, id));
}

/** POST /configuration/reader-configuration/ */
export async function createConfiguration(ctx: ServiceContext, gateway: ReaderGateway, input: ConfigurationInput) {
  const row = await ctx.tenant.transaction(async (tenant) => {
    const values = await validated({ tenant, caches: ctx.caches }, gateway, input);
    const inserted = await insertConfiguration(tenant, values);
    return requireConfiguration(tenant, inserted.id);
  });
  ctx.log.info({ configurationId: row.id, by: ctx.actor.id }, 'reader configuration created');
  return presentConfiguration(row);
}

/**
 * PUT /configuration/reader-configuration/{id}/: the readers running it must download it again.
 * While readers run it, its reader type is fixed and it cannot become a template.
 */
export async function updateConfigurationById(
  ctx: ServiceContext,
  gateway: ReaderGateway,
  id: number,
  input: ConfigurationInput,
) {
  const row = await ctx.tenant.transaction(async (tenant) => {
    const current = await requireConfiguration(tenant, id);
    // SECURITY: readers run only configurations of their own type, and never a template.
    if (current.readerCount > 0) {
      if (input.reader_type !== current.readerType) {
        throw validationError({ reader_type: [M.configurationTypeLocked] });
      }
      if (input.is_template && !current.isTemplate) {
        throw validationError({ is_template: [M.configurationTemplateLocked] });
      }
    }
    const values = await validated({ tenant, caches: ctx.caches }, gateway, input, id);
    await updateConfiguration(tenant, id, values);
    await markReadersOfConfigurationAssigned(tenant, id);
    return requireConfiguration(tenant, id);
  });
  ctx.log.info({ configurationId: id, by: ctx.actor.id }, 'reader configuration updated');
  return presentConfiguration(row);
}

/** PATCH /configuration/reader-configuration/{id}/ {sensortype_uuid}: sets or clears the sensor type; its readers download it again. */
export async function setConfigurationSensor(ctx: ServiceContext, id: number, sensortypeUuid: string | null) {
  const row = await ctx.tenant.transaction(async (tenant) => {
    await requireConfiguration(tenant, id);
    const problem = await sensorTypeProblem({ tenant, caches: ctx.caches }, sensortypeUuid, id);
    if (problem) throw validationError({ sensortype_uuid: [problem] });
    await updateConfiguration(tenant, id, { sensortypeUuid });
    await markReadersOfConfigurationAssigned(tenant, id);
    return requireConfiguration(tenant, id);
  });
  return presentConfiguration(row);
}

/** DELETE /configuration/reader-configuration/{id}/: refused while readers run it; template copies stay. */
export async function deleteConfigurationById(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.tenant.transaction(async (tenant) => {
    const row = await requireConfiguration(tenant, id);
    const refusal = configurationDeleteRefusal({ reader_count: row.readerCount });
    if (refusal) throw validationError({ non_field_errors: [M[refusal]] });
    await deleteConfiguration(tenant, id);
  });
  ctx.log.info({ configurationId: id, by: ctx.actor.id }, 'reader configuration deleted');
}

/**
 * The tenant's configurations among `ids` (unknown ids and other customers' are left out), with
 * location uuid and name, reader type and template flag: what reader assignment checks.
 */
export async function findConfigurationsByIds(tenant: TenantScope, ids: number[]): Promise<ConfigurationView[]> {
  return findConfigurationViews(tenant, [...new Set(ids)]);
}

const COPY_SEPARATOR = ' – ';

function copyName(templateName: string, locationName: string, attempt: number): string {
  const suffix = `${COPY_SEPARATOR}${locationName}${attempt > 1 ? ` (${attempt})` : ''}`;
  return `${templateName.slice(0, Math.max(1, NAME_MAX_LENGTH - suffix.length))}${suffix}`.slice(0, NAME_MAX_LENGTH);
}

/**
 * The non-template copy of a template at a location (reader-template-assignment): named
 * "<template name> – <location name>", reused when that copy exists already (same name, not a
 * template, same location and reader type); a name held by another configuration gets " (2)", … .
 * The copy's RfidFilter follows the encodings enabled now. Call it inside the caller's transaction.
 * Throws ValidationError {configuration} when the id is not a template of the tenant and
 * {location} when the location is not the tenant's.
 */
export async function ensureTemplateCopy(
  tenant: TenantScope,
  templateId: number,
  locationUuid: string,
): Promise<ConfigurationView> {
  const template = await findConfigurationView(tenant, templateId);
  if (!template || !template.isTemplate) throw validationError({ configuration: [M.configurationRequired] });
  const locationName = await findLocationName(tenant, locationUuid);
  if (locationName === undefined) throw validationError({ location: [M.invalidLocation] });
  for (let attempt = 1; ; attempt += 1) {
    const name = copyName(template.name, locationName, attempt);
    const existing = await findConfigurationByName(tenant, name);
    if (!existing) {
      const inserted = await insertConfiguration(tenant, {
        name,
        description: template.description,
        locationUuid,
        isTemplate: false,
        isReady: template.isReady,
        readerType: template.readerType,
        application: template.application,
        sensortypeUuid: template.sensortypeUuid,
        confData: await withRfidFilter(tenant, template.confData),
      });
      return requireConfiguration(tenant, inserted.id);
    }
    if (!existing.isTemplate && existing.locationUuid === locationUuid && existing.readerType === template.readerType) {
      return requireConfiguration(tenant, existing.id);
    }
  }
}

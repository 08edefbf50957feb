import { z } from 'zod';
import {
  HANDHELD_KIND,
  isValidSerial,
  type ConfigRow,
  type Reader,
  type ReaderConfiguration,
  type ReaderCreate,
  type ReaderUpdate,
} from '@tagtrack/contract';

/** One config row of the form: both parts empty until chosen. */
export interface ConfigRowValue {
  configuration: number | null;
  location: string | null;
}

export interface ReaderFormValues {
  reader_type: string;
  serial_number: string;
  name: string;
  description: string;
  /** On-premise only. */
  ip_address: string;
  /** On-premise (and the on-premise handheld) add only. */
  password: string;
  rows: ConfigRowValue[];
}

export interface ReaderFormContext {
  onPremise: boolean;
  /** The reader being edited; absent when adding. */
  reader?: Reader;
  /** Every configuration the rows may name, by id. */
  configurations: ReadonlyMap<number, ReaderConfiguration>;
  /** The handheld form: the type is Handheld, the password is asked on-premise too. */
  handheld?: boolean;
}

/** A rule of the form that is not a validation message of the contract: the readers namespace names it. */
export const SENSOR_SINGLE_ROW = 'sensorSingleRow';

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * The reader forms' rules (02 §5 Reader forms, Handheld reader form): serial required without
 * whitespace, type required, on-premise IP and password, and the config rows: configuration and
 * location together, no configuration + location pair twice, and a configuration with a sensor
 * type only alone.
 */
export function readerFormSchema(ctx: ReaderFormContext) {
  const adding = ctx.reader === undefined;
  return z
    .object({
      reader_type: z.string().trim().min(1, 'requiredReaderType'),
      serial_number: z.string().trim(),
      name: z.string().trim().max(150, 'nameMaxLength'),
      description: z.string().trim().max(500),
      ip_address: z.string().trim(),
      password: z.string(),
      rows: z.array(z.object({ configuration: z.number().nullable(), location: z.string().nullable() })),
    })
    .superRefine((values, issue) => {
      const serial = values.serial_number;
      if (serial === '') issue.addIssue({ code: 'custom', path: ['serial_number'], message: 'serailNumberRequired' });
      else if (!isValidSerial(values.serial_number))
        issue.addIssue({ code: 'custom', path: ['serial_number'], message: 'serailNumberNoSpace' });
      if (ctx.onPremise && !ipv4.test(values.ip_address.trim()))
        issue.addIssue({ code: 'custom', path: ['ip_address'], message: 'ipAddressRequiredOnPrem' });
      if (ctx.onPremise && adding && values.password === '')
        issue.addIssue({ code: 'custom', path: ['password'], message: 'passwordRequiredOnPrem' });
      for (const [path, message] of rowIssues(values.rows, ctx.configurations))
        issue.addIssue({ code: 'custom', path, message });
    });
}

/** The config rows' problems as [path, message key]. */
export function rowIssues(
  rows: readonly ConfigRowValue[],
  configurations: ReadonlyMap<number, ReaderConfiguration>,
): [(string | number)[], string][] {
  const issues: [(string | number)[], string][] = [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    if (row.configuration === null) issues.push([['rows', i, 'configuration'], 'configurationRequired']);
    if (!row.location) issues.push([['rows', i, 'location'], 'rowLocationRequired']);
    if (row.configuration === null || !row.location) return;
    const pair = `${row.configuration}\u0000${row.location}`;
    if (seen.has(pair)) issues.push([['rows', i, 'configuration'], 'duplicateConfigurationLocation']);
    seen.add(pair);
  });
  const withSensor = rows.some(
    (row) => row.configuration !== null && configurations.get(row.configuration)?.sensortype_uuid,
  );
  if (withSensor && rows.length > 1) issues.push([['rows'], SENSOR_SINGLE_ROW]);
  return issues;
}

export function readerFormDefaults(ctx: ReaderFormContext, defaultKind: string): ReaderFormValues {
  const reader = ctx.reader;
  return {
    reader_type: ctx.handheld ? HANDHELD_KIND : (reader?.kind ?? defaultKind),
    serial_number: reader?.serial ?? '',
    name: reader?.name ?? '',
    description: reader?.description ?? '',
    ip_address: reader?.metadata.ip_address ?? '',
    password: '',
    rows: reader ? reader.config_data.map((row) => ({ configuration: row.configuration, location: row.location })) : [],
  };
}

/** The row a configuration makes: a configuration that is not a template brings its own location. */
export function rowFor(configuration: ReaderConfiguration, previous: ConfigRowValue): ConfigRowValue {
  return configuration.is_template
    ? { configuration: configuration.id, location: previous.location }
    : { configuration: configuration.id, location: configuration.location };
}

/**
 * The rows as the two assignment calls take them: the ids of configurations (they replace the
 * reader's set), then the template rows (each becomes a configuration of its own, added).
 */
export function splitRows(
  rows: readonly ConfigRowValue[],
  configurations: ReadonlyMap<number, ReaderConfiguration>,
): { ids: number[]; templates: ConfigRow[] } {
  const ids: number[] = [];
  const templates: ConfigRow[] = [];
  for (const row of rows) {
    if (row.configuration === null || !row.location) continue;
    if (configurations.get(row.configuration)?.is_template)
      templates.push({ configuration: row.configuration, location: row.location });
    else if (!ids.includes(row.configuration)) ids.push(row.configuration);
  }
  return { ids, templates };
}

export function toCreatePayload(values: ReaderFormValues, ctx: ReaderFormContext): ReaderCreate {
  return {
    serial_number: values.serial_number.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    reader_type: ctx.handheld ? HANDHELD_KIND : values.reader_type,
    ...(ctx.onPremise ? { ip_address: values.ip_address.trim(), password: values.password } : {}),
  };
}

export function toUpdatePayload(values: ReaderFormValues, ctx: ReaderFormContext): ReaderUpdate {
  // The mobile edit names the serial `serial` and cannot change it (02 §3 Reader, §2 forms).
  if (ctx.handheld)
    return { serial: ctx.reader?.serial, name: values.name.trim(), description: values.description.trim() };
  return {
    serial_number: values.serial_number.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    reader_type: values.reader_type,
    ...(ctx.onPremise ? { metadata: { ip_address: values.ip_address.trim() } } : {}),
  };
}

/** The type is fixed while the reader has configurations (and always for a handheld). */
export function typeLocked(ctx: ReaderFormContext): boolean {
  return ctx.handheld === true || (ctx.reader?.configurations.length ?? 0) > 0;
}

/** Configurations a row may name: handhelds take Handheld ones only, fixed readers the others. */
export function choosableConfiguration(configuration: ReaderConfiguration, handheld: boolean): boolean {
  return handheld ? configuration.reader_type === HANDHELD_KIND : configuration.reader_type !== HANDHELD_KIND;
}

/** The success message after an edit's re-assignment (02 §4 Reader flows), or none when the count stayed. */
export function reassignMessage(
  before: number,
  after: number,
): 'configurationsRemoved' | 'configurationsUpdated' | null {
  if (after === 0 && before > 0) return 'configurationsRemoved';
  return after !== before ? 'configurationsUpdated' : null;
}

import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONFIGURATION_DEFAULTS,
  DEFAULT_ANTENNA_COUNT,
  HANDHELD_APP,
  HANDHELD_KIND,
  ReaderConfigurationWriteSchema,
  SEND_INTERVAL_RANGE,
  TAG_TIMEOUT_RANGE,
  TX_POWER_STEPS,
  txDeviceToPercent,
  txPercentToDevice,
  type Channel,
  type ReaderConfiguration,
  type ReaderConfigurationWrite,
  type ReaderKind,
} from '@tagtrack/contract';

/** Fixed readers' configurations, or the handheld form (type Handheld and the handheld app fixed). */
export type ConfigurationVariant = 'fixed' | 'handheld';

/**
 * The form's values: the write body's shape (so the contract's error paths name the form's
 * fields), with the two durations as the text of their inputs and the power in percent.
 */
export interface ConfigurationFormValues {
  name: string;
  description: string;
  location: string | null;
  is_template: boolean;
  reader_type: string;
  application: string;
  sensortype_uuid: string | null;
  conf_data: {
    RssiFilter: string;
    Channel: Channel;
    data_format: string;
    time_2_collect: string;
    FilterLongTimeSeenTimeout: string;
    product: string;
    Rfid: { TxPercent: number; AntennaMask: number; Session: number; RfidFilter: string[] }[];
  };
}

export type ConfigurationBody = ReaderConfigurationWrite;
/** What the resolver hands to the submit handler: the write body after the contract's schema. */
export type ConfigurationSaveBody = ReturnType<typeof ReaderConfigurationWriteSchema.parse>;

/** An empty input is missing (the 'can not be empty' message); other text is read as a number. */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** A configuration's UI settings from its type: antenna count, highest power, beam-forming. */
export function kindSettings(kind: ReaderKind | undefined) {
  return {
    antennas: kind?.ui_configuration.antenna ?? DEFAULT_ANTENNA_COUNT,
    maxPower: kind?.ui_configuration.max_power ?? 100,
    bfa: kind?.ui_configuration.bfa ?? false,
  };
}

/** The highest slider step the type allows at or under `percent`. */
export function clampPower(percent: number, maxPower: number): number {
  const allowed = TX_POWER_STEPS.filter((step) => step <= maxPower);
  return allowed.filter((step) => step <= percent).at(-1) ?? allowed[0] ?? 0;
}

/** A new configuration: the spec's defaults (02 §3, §9); the handheld form fixes type and app. */
export function emptyConfigurationForm(variant: ConfigurationVariant = 'fixed'): ConfigurationFormValues {
  const d = CONFIGURATION_DEFAULTS;
  return {
    name: '',
    description: '',
    location: null,
    is_template: false,
    reader_type: variant === 'handheld' ? HANDHELD_KIND : d.reader_type,
    application: variant === 'handheld' ? HANDHELD_APP : d.application,
    sensortype_uuid: null,
    conf_data: {
      RssiFilter: d.conf_data.RssiFilter,
      Channel: d.conf_data.Channel,
      data_format: d.conf_data.data_format,
      time_2_collect: String(d.conf_data.time_2_collect),
      FilterLongTimeSeenTimeout: String(d.conf_data.FilterLongTimeSeenTimeout),
      product: d.conf_data.product,
      Rfid: d.conf_data.Rfid.map((rfid) => ({
        TxPercent: txDeviceToPercent(rfid.TxLevel),
        AntennaMask: rfid.AntennaMask,
        Session: rfid.Session,
        RfidFilter: [],
      })),
    },
  };
}

/** A loaded configuration as form values: the device TxLevel read back as percent (02 §4). */
export function toConfigurationForm(configuration: ReaderConfiguration): ConfigurationFormValues {
  const conf = configuration.conf_data;
  return {
    name: configuration.name,
    description: configuration.description,
    location: configuration.location,
    is_template: configuration.is_template,
    reader_type: configuration.reader_type,
    application: configuration.application,
    sensortype_uuid: configuration.sensortype_uuid,
    conf_data: {
      RssiFilter: conf.RssiFilter,
      Channel: conf.Channel,
      data_format: conf.data_format,
      time_2_collect: String(conf.time_2_collect),
      FilterLongTimeSeenTimeout: String(conf.FilterLongTimeSeenTimeout),
      product: conf.product,
      Rfid: conf.Rfid.map((rfid) => ({
        TxPercent: txDeviceToPercent(rfid.TxLevel),
        AntennaMask: rfid.AntennaMask,
        Session: rfid.Session,
        RfidFilter: rfid.RfidFilter,
      })),
    },
  };
}

/** "Create configuration" from a template: its settings, as a configuration of its own at a location still to pick. */
export function fromTemplateForm(template: ReaderConfiguration): ConfigurationFormValues {
  return { ...toConfigurationForm(template), is_template: false, location: null };
}

/**
 * The body the form sends: durations as numbers, the power as the device's TxLevel (02 §4), no
 * location for a template. RfidFilter goes empty: the server fills it from the enabled encodings.
 */
export function toConfigurationBody(values: ConfigurationFormValues): ConfigurationBody {
  return {
    name: values.name,
    description: values.description,
    location: values.is_template ? null : values.location || null,
    is_template: values.is_template,
    reader_type: values.reader_type,
    application: values.application,
    sensortype_uuid: values.sensortype_uuid,
    conf_data: {
      RssiFilter: values.conf_data.RssiFilter,
      Channel: values.conf_data.Channel,
      data_format: values.conf_data.data_format,
      time_2_collect: numberOf(values.conf_data.time_2_collect) as number,
      FilterLongTimeSeenTimeout: numberOf(values.conf_data.FilterLongTimeSeenTimeout) as number,
      product: values.conf_data.product,
      Rfid: values.conf_data.Rfid.map((rfid) => ({
        TxLevel: txPercentToDevice(rfid.TxPercent),
        AntennaMask: rfid.AntennaMask,
        Session: rfid.Session,
        RfidFilter: [],
      })),
    },
  };
}

/** Runs the contract's write schema on the body the form would send; its error paths are the form's. */
export function configurationResolver(): Resolver<ConfigurationFormValues, unknown, ConfigurationSaveBody> {
  const resolve = zodResolver(ReaderConfigurationWriteSchema) as unknown as Resolver<
    ConfigurationBody,
    unknown,
    ConfigurationSaveBody
  >;
  return (values, context, options) =>
    resolve(toConfigurationBody(values), context, options as unknown as Parameters<typeof resolve>[2]);
}

export interface ConfigurationWarnings {
  tagTimeout?: 'tagTimeoutWarning';
  sendInterval?: 'sendIntervalWarning';
}

/** The two non-blocking warnings (02 §5): short timeouts and intervals save, with a caution. */
export function configurationWarnings(
  values: Pick<ConfigurationFormValues['conf_data'], 'time_2_collect' | 'FilterLongTimeSeenTimeout'>,
): ConfigurationWarnings {
  const timeout = numberOf(values.FilterLongTimeSeenTimeout);
  const interval = numberOf(values.time_2_collect);
  const warnings: ConfigurationWarnings = {};
  if (timeout !== undefined && timeout > 0 && timeout < TAG_TIMEOUT_RANGE.warnBelow)
    warnings.tagTimeout = 'tagTimeoutWarning';
  if (interval !== undefined && interval > 0 && interval < SEND_INTERVAL_RANGE.warnBelow)
    warnings.sendInterval = 'sendIntervalWarning';
  return warnings;
}

/** Kinds offered by a variant's type selector: enabled ones; handheld forms only Handheld, fixed ones all others. */
export function kindsFor(kinds: readonly ReaderKind[], variant: ConfigurationVariant): ReaderKind[] {
  return kinds.filter((kind) => !kind.disabled && (kind.name === HANDHELD_KIND) === (variant === 'handheld'));
}

/** App names of a variant: the handheld app only in the handheld form, hidden from fixed forms (02 §3). */
export function appsFor(apps: readonly { name: string }[], variant: ConfigurationVariant): string[] {
  const names = [...new Set(apps.map((app) => app.name))];
  return variant === 'handheld' ? [HANDHELD_APP] : names.filter((name) => name !== HANDHELD_APP);
}

import { describe, expect, it } from 'vitest';
import { configuration, DOCK, HALL, reader } from '../test/reader-fixtures';
import { chipLabel, healthOf, stateColor, formatMinute } from './reader-list-rules';
import {
  reassignMessage,
  readerFormSchema,
  rowFor,
  rowIssues,
  SENSOR_SINGLE_ROW,
  splitRows,
  toCreatePayload,
  typeLocked,
  type ReaderFormValues,
} from './reader-form';

const plain = configuration({ id: 1 });
const template = configuration({
  id: 2,
  name: 'Gate template',
  is_template: true,
  location: null,
  location_name: null,
});
const sensor = configuration({ id: 3, name: 'Cold room', sensortype_uuid: '44444444-4444-4444-8444-444444444444' });
const configurations = new Map([plain, template, sensor].map((c) => [c.id, c]));

const values = (overrides: Partial<ReaderFormValues> = {}): ReaderFormValues => ({
  reader_type: 'FR22',
  serial_number: 'FR-9',
  name: '',
  description: '',
  ip_address: '',
  password: '',
  rows: [],
  ...overrides,
});

const messages = (ctx: Parameters<typeof readerFormSchema>[0], v: ReaderFormValues) => {
  const result = readerFormSchema(ctx).safeParse(v);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('reader form rules', () => {
  const ctx = { onPremise: false, configurations };

  it('requires a serial without whitespace and a type', () => {
    expect(messages(ctx, values({ serial_number: '' }))).toEqual(['serial_number:serailNumberRequired']);
    expect(messages(ctx, values({ serial_number: 'FR 9' }))).toEqual(['serial_number:serailNumberNoSpace']);
    expect(messages(ctx, values({ reader_type: '' }))).toEqual(['reader_type:requiredReaderType']);
    expect(messages(ctx, values())).toEqual([]);
  });

  it('asks on-premise for an IPv4 address and, when adding, the password', () => {
    const onPremise = { onPremise: true, configurations };
    expect(messages(onPremise, values({ ip_address: '10.0.0' }))).toEqual([
      'ip_address:ipAddressRequiredOnPrem',
      'password:passwordRequiredOnPrem',
    ]);
    expect(messages({ ...onPremise, reader: reader() }, values({ ip_address: '10.0.0.7' }))).toEqual([]);
  });

  it('needs configuration and location together, refuses a pair twice, and a sensor configuration alone', () => {
    expect(rowIssues([{ configuration: null, location: null }], configurations)).toEqual([
      [['rows', 0, 'configuration'], 'configurationRequired'],
      [['rows', 0, 'location'], 'rowLocationRequired'],
    ]);
    expect(rowIssues([{ configuration: 2, location: null }], configurations)).toEqual([
      [['rows', 0, 'location'], 'rowLocationRequired'],
    ]);
    expect(
      rowIssues(
        [
          { configuration: 2, location: HALL },
          { configuration: 2, location: DOCK },
          { configuration: 2, location: HALL },
        ],
        configurations,
      ),
    ).toEqual([[['rows', 2, 'configuration'], 'duplicateConfigurationLocation']]);
    expect(
      rowIssues(
        [
          { configuration: 3, location: HALL },
          { configuration: 1, location: HALL },
        ],
        configurations,
      ),
    ).toEqual([[['rows'], SENSOR_SINGLE_ROW]]);
    expect(rowIssues([{ configuration: 3, location: HALL }], configurations)).toEqual([]);
  });

  it('takes a configuration’s own location and keeps a template row’s choice', () => {
    expect(rowFor(plain, { configuration: null, location: DOCK })).toEqual({ configuration: 1, location: HALL });
    expect(rowFor(template, { configuration: 1, location: DOCK })).toEqual({ configuration: 2, location: DOCK });
  });

  it('splits the rows into configuration ids and template rows', () => {
    expect(
      splitRows(
        [
          { configuration: 1, location: HALL },
          { configuration: 2, location: DOCK },
          { configuration: 1, location: HALL },
        ],
        configurations,
      ),
    ).toEqual({ ids: [1], templates: [{ configuration: 2, location: DOCK }] });
  });

  it('locks the type while configurations are assigned, and always for a handheld', () => {
    expect(typeLocked({ ...ctx, reader: reader() })).toBe(false);
    expect(typeLocked({ ...ctx, reader: reader({ configurations: [{ ...plain, location: HALL }] }) })).toBe(true);
    expect(typeLocked({ ...ctx, handheld: true })).toBe(true);
  });

  it('builds the create payload; a handheld is of type Handheld', () => {
    expect(toCreatePayload(values({ name: ' Gate ' }), ctx)).toEqual({
      serial_number: 'FR-9',
      name: 'Gate',
      description: '',
      reader_type: 'FR22',
    });
    expect(toCreatePayload(values(), { ...ctx, handheld: true }).reader_type).toBe('Handheld');
  });

  it('says Configurations removed or updated after an edit', () => {
    expect(reassignMessage(2, 0)).toBe('configurationsRemoved');
    expect(reassignMessage(1, 2)).toBe('configurationsUpdated');
    expect(reassignMessage(2, 2)).toBeNull();
  });
});

describe('reader list rules', () => {
  it('colours the state chip', () => {
    expect(['unassigned', 'assigned', 'uploaded', 'other'].map(stateColor)).toEqual([
      'default',
      'warning',
      'success',
      'info',
    ]);
  });

  it('cuts chip labels at 25 characters and gives names over 10 a tooltip', () => {
    expect(chipLabel('Short')).toEqual({ label: 'Short', tooltip: false });
    expect(chipLabel('Eleven char')).toEqual({ label: 'Eleven char', tooltip: true });
    const long = chipLabel('A configuration name that is long');
    expect(long.label).toHaveLength(25);
    expect(long.label.endsWith('…')).toBe(true);
  });

  it('labels the health: no data, stale, or the worst mode', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    const hb = (mode: 'error' | 'warn' | 'normal' | 'setup', secondsAgo: number) => ({
      application: mode,
      mode,
      interval: 60,
      updated: new Date(now - secondsAgo * 1000).toISOString(),
      version: '',
      ipaddress: '',
      antennas: {},
    });
    expect(healthOf([], now)).toEqual({ label: 'noData', color: 'warning' });
    expect(healthOf([hb('normal', 121)], now)).toEqual({ label: 'stale', color: 'error' });
    expect(healthOf([hb('normal', 10), hb('warn', 10), hb('setup', 10)], now)).toEqual({
      label: 'warn',
      color: 'warning',
    });
  });

  it('formats Last time in Use to the minute', () => {
    expect(formatMinute(new Date(2026, 0, 2, 3, 4, 5).toISOString())).toBe('2026-01-02 03:04');
  });
});

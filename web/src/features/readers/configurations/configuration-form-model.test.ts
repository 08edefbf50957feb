import { describe, expect, it } from 'vitest';
import { ReaderConfigurationWriteSchema } from '@tagtrack/contract';
import {
  appsFor,
  clampPower,
  configurationWarnings,
  emptyConfigurationForm,
  fromTemplateForm,
  kindsFor,
  toConfigurationBody,
  toConfigurationForm,
} from './configuration-form-model';
import { APPS, configuration, KINDS } from './configuration-test-fixtures';

describe('configuration form model', () => {
  it('starts from the spec defaults: FR22, BradyReaderApp, full power, session 0, no antennas, 30 s and 60 s, epc', () => {
    const form = emptyConfigurationForm();
    expect(form).toMatchObject({ reader_type: 'FR22', application: 'BradyReaderApp', is_template: false });
    expect(form.conf_data).toMatchObject({
      RssiFilter: '',
      Channel: 'hop',
      data_format: 'trace|goodsin',
      time_2_collect: '30',
      FilterLongTimeSeenTimeout: '60',
      product: 'epc',
    });
    expect(form.conf_data.Rfid).toEqual([{ TxPercent: 100, AntennaMask: 0, Session: 0, RfidFilter: [] }]);
    expect(emptyConfigurationForm('handheld')).toMatchObject({ reader_type: 'Handheld', application: 'Tagtrack App' });
  });

  it.each([
    [0, 19],
    [20, 7],
    [40, 4],
    [60, 2],
    [80, 1],
    [100, 0],
  ])('saves %i %% as TxLevel %i and loads it back', (percent, level) => {
    const form = emptyConfigurationForm();
    form.conf_data.Rfid[0]!.TxPercent = percent;
    const body = toConfigurationBody(form);
    expect(body.conf_data.Rfid[0]!.TxLevel).toBe(level);
    const loaded = toConfigurationForm(
      configuration({
        conf_data: { ...configuration().conf_data, Rfid: [{ ...body.conf_data.Rfid[0]!, RfidFilter: [] }] },
      }),
    );
    expect(loaded.conf_data.Rfid[0]!.TxPercent).toBe(percent);
  });

  it('sends numbers for the durations, no location for a template and an empty RfidFilter for the server to fill', () => {
    const form = toConfigurationForm(configuration({ is_template: true }));
    form.conf_data.time_2_collect = '12.5';
    const body = toConfigurationBody(form);
    expect(body.location).toBeNull();
    expect(body.conf_data.time_2_collect).toBe(12.5);
    expect(body.conf_data.FilterLongTimeSeenTimeout).toBe(60);
    expect(body.conf_data.Rfid[0]).toEqual({ TxLevel: 2, AntennaMask: 5, Session: 1, RfidFilter: [] });
    expect(ReaderConfigurationWriteSchema.safeParse(body).success).toBe(true);
  });

  it('reads an empty duration as missing: the contract says it can not be empty', () => {
    const form = toConfigurationForm(configuration());
    form.conf_data.FilterLongTimeSeenTimeout = ' ';
    const result = ReaderConfigurationWriteSchema.safeParse(toConfigurationBody(form));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['conf_data.FilterLongTimeSeenTimeout', 'emptyNumberField'],
    ]);
  });

  it('a template copy is a configuration without location', () => {
    expect(fromTemplateForm(configuration({ is_template: true }))).toMatchObject({
      is_template: false,
      location: null,
    });
  });

  it('warns, without blocking, for 0 < timeout < 30 and 0 < interval < 5', () => {
    expect(configurationWarnings({ FilterLongTimeSeenTimeout: '29.9', time_2_collect: '4' })).toEqual({
      tagTimeout: 'tagTimeoutWarning',
      sendInterval: 'sendIntervalWarning',
    });
    expect(configurationWarnings({ FilterLongTimeSeenTimeout: '0', time_2_collect: '5' })).toEqual({});
    expect(configurationWarnings({ FilterLongTimeSeenTimeout: '30', time_2_collect: '' })).toEqual({});
  });

  it('keeps the power within the type maximum', () => {
    expect(clampPower(100, 80)).toBe(80);
    expect(clampPower(100, 60)).toBe(60);
    expect(clampPower(40, 60)).toBe(40);
  });

  it('offers fixed forms every enabled kind but Handheld and every app but the handheld one', () => {
    expect(
      kindsFor([...KINDS, { ...KINDS[0]!, id: 9, name: 'Old', disabled: true }], 'fixed').map((k) => k.name),
    ).toEqual(['FR22', 'FR22-EXT', 'Sampo S3', 'IRX200']);
    expect(kindsFor(KINDS, 'handheld').map((k) => k.name)).toEqual(['Handheld']);
    expect(appsFor(APPS, 'fixed')).toEqual(['BradyReaderApp', 'GateReaderApp', 'InventoryReaderApp']);
    expect(appsFor(APPS, 'handheld')).toEqual(['Tagtrack App']);
  });
});

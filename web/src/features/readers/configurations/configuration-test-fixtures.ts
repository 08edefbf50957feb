import type { Location, ReaderConfiguration, ReaderKind } from '@tagtrack/contract';
import { loc } from '../../../test/location-fixtures';

/** The shipped catalogue's kinds (FR22, FR22-EXT, Sampo S3, IRX200, Handheld). */
export const KINDS: ReaderKind[] = [
  { id: 1, name: 'FR22', disabled: false, ui_configuration: { antenna: 4, max_power: 100, bfa: false } },
  { id: 2, name: 'FR22-EXT', disabled: false, ui_configuration: { antenna: 4, max_power: 100, bfa: false } },
  { id: 3, name: 'Sampo S3', disabled: false, ui_configuration: { antenna: 32, max_power: 80, bfa: true } },
  { id: 4, name: 'IRX200', disabled: false, ui_configuration: { antenna: 2, max_power: 60, bfa: false } },
  { id: 5, name: 'Handheld', disabled: false, ui_configuration: { antenna: 1, max_power: 100, bfa: false } },
];

export const APPS = [
  { name: 'BradyReaderApp', version: '3.1.0' },
  { name: 'GateReaderApp', version: '1.4.2' },
  { name: 'InventoryReaderApp', version: '2.0.0' },
  { name: 'Tagtrack App', version: '5.2.0' },
];

export const DOCK_UUID = '11111111-1111-4111-8111-111111111111';

export function locationTree(): Location[] {
  return [loc('Warehouse', { uuid: '22222222-2222-4222-8222-222222222222' }, [loc('Dock 1', { uuid: DOCK_UUID })])];
}

export function configuration(overrides: Partial<ReaderConfiguration> = {}): ReaderConfiguration {
  return {
    id: 7,
    name: 'Dock gate',
    description: 'Inbound',
    customer: 1,
    location: DOCK_UUID,
    location_name: 'Dock 1',
    is_template: false,
    is_ready: true,
    reader_type: 'FR22',
    application: 'BradyReaderApp',
    sensortype_uuid: null,
    conf_data: {
      RssiFilter: '30:80',
      Channel: 'mid',
      data_format: 'trace|goodsin',
      time_2_collect: 30,
      FilterLongTimeSeenTimeout: 60,
      product: 'epc',
      Rfid: [{ TxLevel: 2, AntennaMask: 5, Session: 1, RfidFilter: ['30'] }],
    },
    reader_count: 0,
    ...overrides,
  };
}

import type { Reader, ReaderConfiguration, ReaderKind } from '@tagtrack/contract';
import { CONFIGURATION_DEFAULTS } from '@tagtrack/contract';

export const HALL = '11111111-1111-4111-8111-111111111111';
export const DOCK = '22222222-2222-4222-8222-222222222222';

export function reader(overrides: Partial<Reader> = {}): Reader {
  return {
    uuid: '33333333-3333-4333-8333-333333333333',
    id: 1,
    serial: 'FR-001',
    name: 'Gate',
    description: 'Main gate',
    kind: 'FR22',
    reader_family: 'fx',
    state: 'unassigned',
    status: 'normal',
    setup_mode_read: null,
    configurations: [],
    config_data: [],
    heartbeats: [],
    metadata: {},
    last_process_list: null,
    ...overrides,
  };
}

export function configuration(overrides: Partial<ReaderConfiguration> = {}): ReaderConfiguration {
  return {
    id: 1,
    name: 'Dock in',
    description: '',
    customer: 1,
    location: HALL,
    location_name: 'Hall 1',
    is_template: false,
    is_ready: true,
    reader_type: 'FR22',
    application: 'BradyReaderApp',
    sensortype_uuid: null,
    conf_data: {
      ...CONFIGURATION_DEFAULTS.conf_data,
      Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: [] }],
    },
    reader_count: 0,
    ...overrides,
  };
}

export const kinds: ReaderKind[] = [
  { id: 1, name: 'FR22', disabled: false, ui_configuration: { antenna: 4, max_power: 100, bfa: false } },
  { id: 2, name: 'IRX200', disabled: false, ui_configuration: { antenna: 2, max_power: 60, bfa: false } },
  { id: 3, name: 'Handheld', disabled: false, ui_configuration: { antenna: 1, max_power: 100, bfa: false } },
];

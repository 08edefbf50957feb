import {
  antennaMask,
  CONFIGURATION_DEFAULTS,
  txPercentToDevice,
  type ConfData,
  type HeartbeatMode,
} from '@tagtrack/contract';
import { locations, readerConfigurations, readerHeartbeats, readers } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { addAssignments } from '../../modules/readers/readers.repository.js';

/** EPC key prefixes of the demo's enabled encodings (NID32, NID64, SGTIN96). */
const DEMO_RFID_FILTER = ['8', 'D', '30'];

interface ConfigurationSpec {
  name: string;
  location: string | null;
  readerType: string;
  application: string;
  antennas: number[];
  powerPercent: number;
  dataFormat?: string;
  description?: string;
}

export const DEMO_CONFIGURATIONS: ConfigurationSpec[] = [
  {
    name: 'Goods In dock doors',
    location: 'Goods In',
    readerType: 'FR22',
    application: 'BradyReaderApp',
    antennas: [1, 2, 3, 4],
    powerPercent: 100,
    description: 'Four antennas over each inbound door',
  },
  {
    name: 'Dispatch dock doors',
    location: 'Dispatch',
    readerType: 'FR22',
    application: 'BradyReaderApp',
    antennas: [1, 2],
    powerPercent: 80,
    dataFormat: 'trace|goodsout',
  },
  {
    name: 'Cold Store gate',
    location: 'Cold Store',
    readerType: 'Sampo S3',
    application: 'GateReaderApp',
    antennas: [5, 6, 7, 8, 9, 10, 11, 12, 29],
    powerPercent: 80,
  },
  {
    name: 'Racking A1 inventory',
    location: 'Zone A1 Racking',
    readerType: 'IRX200',
    application: 'InventoryReaderApp',
    antennas: [1, 2],
    powerPercent: 60,
    dataFormat: 'inventory',
  },
  {
    name: 'Shop Floor handheld',
    location: 'Shop Floor',
    readerType: 'Handheld',
    application: 'Tagtrack App',
    antennas: [1],
    powerPercent: 100,
    dataFormat: 'inventory',
  },
  {
    name: 'Workshop handheld',
    location: 'Workshop',
    readerType: 'Handheld',
    application: 'Tagtrack App',
    antennas: [1],
    powerPercent: 60,
    dataFormat: 'trace',
  },
  {
    name: 'Dock door template',
    location: null,
    readerType: 'FR22',
    application: 'BradyReaderApp',
    antennas: [1, 2],
    powerPercent: 100,
    description: 'Assign with a location to add a dock door',
  },
];

interface HeartbeatSpec {
  application: string;
  mode: HeartbeatMode;
  /** Seconds since the last heartbeat. */
  ago: number;
  interval: number;
}

interface ReaderSpec {
  serial: string;
  name: string;
  description?: string;
  kind: string;
  configurations: string[];
  state: 'unassigned' | 'assigned' | 'uploaded';
  /** Minutes since setup mode was turned on. */
  setupMinutesAgo?: number;
  /** Hours since a handheld was last in use. */
  lastUsedHoursAgo?: number;
  heartbeats: HeartbeatSpec[];
}

export const DEMO_READERS: ReaderSpec[] = [
  {
    serial: 'FR22-10001',
    name: 'Goods In door 1',
    kind: 'FR22',
    configurations: ['Goods In dock doors'],
    state: 'uploaded',
    heartbeats: [{ application: 'BradyReaderApp', mode: 'normal', ago: 20, interval: 60 }],
  },
  {
    serial: 'FR22-10002',
    name: 'Goods In door 2',
    kind: 'FR22',
    configurations: ['Goods In dock doors'],
    state: 'uploaded',
    heartbeats: [
      { application: 'BradyReaderApp', mode: 'warn', ago: 35, interval: 60 },
      { application: 'GateReaderApp', mode: 'normal', ago: 10, interval: 30 },
    ],
  },
  {
    serial: 'FR22-10003',
    name: 'Dispatch door 1',
    description: 'Waiting for its new configuration',
    kind: 'FR22',
    configurations: ['Dispatch dock doors'],
    state: 'assigned',
    heartbeats: [{ application: 'BradyReaderApp', mode: 'normal', ago: 40, interval: 60 }],
  },
  {
    serial: 'S3-20001',
    name: 'Cold Store gate',
    kind: 'Sampo S3',
    configurations: ['Cold Store gate'],
    state: 'uploaded',
    setupMinutesAgo: 4,
    heartbeats: [{ application: 'GateReaderApp', mode: 'setup', ago: 15, interval: 30 }],
  },
  {
    serial: 'IRX-30001',
    name: 'Racking A1',
    kind: 'IRX200',
    configurations: ['Racking A1 inventory'],
    state: 'uploaded',
    // Silent for 25 minutes with a 60-second interval: 'Stale data'.
    heartbeats: [{ application: 'InventoryReaderApp', mode: 'normal', ago: 25 * 60, interval: 60 }],
  },
  {
    serial: 'FR22X-40001',
    name: 'Spare reader',
    description: 'Not installed yet',
    kind: 'FR22-EXT',
    configurations: [],
    state: 'unassigned',
    heartbeats: [],
  },
  {
    serial: 'HH-50001',
    name: 'Shop scanner',
    kind: 'Handheld',
    configurations: ['Shop Floor handheld'],
    state: 'uploaded',
    lastUsedHoursAgo: 2,
    heartbeats: [{ application: 'Tagtrack App', mode: 'normal', ago: 2 * 3600, interval: 300 }],
  },
  {
    serial: 'HH-50002',
    name: 'Workshop scanner',
    kind: 'Handheld',
    configurations: ['Workshop handheld'],
    state: 'assigned',
    lastUsedHoursAgo: 72,
    heartbeats: [],
  },
];

function confData(spec: ConfigurationSpec): ConfData {
  return {
    ...CONFIGURATION_DEFAULTS.conf_data,
    data_format: spec.dataFormat ?? CONFIGURATION_DEFAULTS.conf_data.data_format,
    Rfid: [
      {
        TxLevel: txPercentToDevice(spec.powerPercent),
        AntennaMask: antennaMask(spec.antennas),
        Session: 0,
        RfidFilter: DEMO_RFID_FILTER,
      },
    ],
  };
}

/**
 * Demo readers: configurations on the demo locations (and a template), fixed readers in every
 * state, one in setup mode, two handhelds, and heartbeats normal, warning and stale. The readers
 * have no secret: re-initialising one in the console issues it.
 */
export async function seedDemoReaders(tenant: TenantScope): Promise<void> {
  const locationRows = await tenant.select(locations);
  const locationUuid = new Map(locationRows.map((l) => [l.name as string, l.uuid as string]));
  const configurationIds = new Map<string, number>();
  for (const spec of DEMO_CONFIGURATIONS) {
    const location = spec.location === null ? null : locationUuid.get(spec.location);
    if (location === undefined) throw new Error(`demo location ${spec.location} is missing`);
    const [row] = await tenant
      .insert(readerConfigurations, {
        name: spec.name,
        description: spec.description ?? '',
        locationUuid: location,
        isTemplate: location === null,
        readerType: spec.readerType,
        application: spec.application,
        confData: confData(spec),
      })
      .returning({ id: readerConfigurations.id });
    configurationIds.set(spec.name, row!.id);
  }

  const now = Date.now();
  for (const spec of DEMO_READERS) {
    const [reader] = await tenant
      .insert(readers, {
        serial: spec.serial,
        name: spec.name,
        description: spec.description ?? '',
        kind: spec.kind,
        family: spec.kind === 'Handheld' ? 'hh' : 'fx',
        state: spec.state,
        status: spec.setupMinutesAgo === undefined ? 'normal' : 'setup',
        setupModeRead: spec.setupMinutesAgo === undefined ? null : new Date(now - spec.setupMinutesAgo * 60_000),
        lastProcessList: spec.lastUsedHoursAgo === undefined ? null : new Date(now - spec.lastUsedHoursAgo * 3_600_000),
      })
      .returning({ id: readers.id });
    await addAssignments(
      tenant,
      reader!.id,
      spec.configurations.map((name) => configurationIds.get(name)!),
    );
    for (const beat of spec.heartbeats) {
      await tenant.insert(readerHeartbeats, {
        readerId: reader!.id,
        application: beat.application,
        updated: new Date(now - beat.ago * 1000),
        interval: beat.interval,
        mode: beat.mode,
        version: '3.4.1',
        ipaddress: `10.20.0.${10 + DEMO_READERS.indexOf(spec)}`,
        antennas: beat.mode === 'setup' ? {} : { '1': 42, '2': 17 },
      });
    }
  }
}

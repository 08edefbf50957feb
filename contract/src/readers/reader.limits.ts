/** Reader and configuration constants of the spec (02 §4, §5, §9). */
export const READER_FAMILIES = ['fx', 'hh'] as const;
export type ReaderFamily = (typeof READER_FAMILIES)[number];
export const READER_STATES = ['unassigned', 'assigned', 'uploaded'] as const;
export type ReaderState = (typeof READER_STATES)[number];
export const READER_STATUSES = ['normal', 'setup'] as const;
export type ReaderStatus = (typeof READER_STATUSES)[number];
/** Heartbeat modes, worst first: the worst mode of a reader's applications is its status. */
export const HEARTBEAT_MODES = ['error', 'warn', 'normal', 'setup'] as const;
export type HeartbeatMode = (typeof HEARTBEAT_MODES)[number];

/** The reader type whose readers are handhelds (family hh). */
export const HANDHELD_KIND = 'Handheld';
export const DEFAULT_READER_KIND = 'FR22';
export const DEFAULT_READER_APP = 'BradyReaderApp';
/** The app handhelds run: hidden from the fixed readers' app list (02 §3 Reader app). */
export const HANDHELD_APP = 'Tagtrack App';

export const READER_PAGE_SIZES = [10, 20, 50, 100] as const;
export const READER_DEFAULT_PAGE_SIZE = 20;
/** The fixed reader list and the setup-mode expiry check refresh this often. */
export const READER_REFRESH_MS = 4_000;
/** Setup mode lasts this long after setup_mode_read. */
export const SETUP_MODE_MS = 30 * 60 * 1000;
/** A heartbeat older than this many intervals is stale. */
export const HEARTBEAT_STALE_INTERVALS = 2;

export const DEFAULT_ANTENNA_COUNT = 4;
/** RF power in percent, the slider's steps. */
export const TX_POWER_STEPS = [0, 20, 40, 60, 80, 100] as const;
export type TxPowerPercent = (typeof TX_POWER_STEPS)[number];
/** Percent → the device's TxLevel (attenuation: 0 is full power). */
export const TX_POWER_DEVICE: Readonly<Record<TxPowerPercent, number>> = {
  0: 19,
  20: 7,
  40: 4,
  60: 2,
  80: 1,
  100: 0,
};
export const SESSIONS = [0, 1, 2, 3] as const;
/** Session speed: hop is shown as Automatic. */
export const CHANNELS = ['hop', 'low', 'mid', 'high'] as const;
export type Channel = (typeof CHANNELS)[number];
/** Ledger types a reader's reads are booked as (the tracking issue reads them). */
export const DATA_FORMATS = ['trace', 'goodsin', 'goodsout', 'inventory'] as const;

export const TAG_TIMEOUT_RANGE = { min: 0, max: 3600, default: 60, warnBelow: 30 } as const;
export const SEND_INTERVAL_RANGE = { min: 1, max: 3600, default: 30, warnBelow: 5 } as const;

/** Chip and menu truncation of configuration names (02 §2). */
export const CONFIG_CHIP_MAX = 25;
export const CONFIG_TOOLTIP_OVER = 10;
export const CONFIG_MENU_MAX = 40;
export const CONFIG_CHIPS_SHOWN = 6;

export const CONFIGURATION_DEFAULTS = {
  reader_type: DEFAULT_READER_KIND,
  application: DEFAULT_READER_APP,
  conf_data: {
    RssiFilter: '',
    Channel: 'hop' as Channel,
    data_format: 'trace|goodsin',
    time_2_collect: SEND_INTERVAL_RANGE.default,
    FilterLongTimeSeenTimeout: TAG_TIMEOUT_RANGE.default,
    product: 'epc',
    Rfid: [{ TxLevel: TX_POWER_DEVICE[100], AntennaMask: 0, Session: 0, RfidFilter: [] as string[] }],
  },
} as const;

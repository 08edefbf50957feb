/** Front-end version label shown in the side panel footer (spec 01 §1). */
export const FRONTEND_VERSION = 'v2.4.1';
export const SNACKBAR_DURATION_MS = 10_000;
export const SNACKBAR_SHORT_MS = 3_000;
export const MAX_SNACKBARS = 3;
export const SEARCH_DEBOUNCE_MS = 700;
export const UPLOAD_LIMIT_BYTES = 10_485_760;
export const EXPORT_LIMIT_ROWS = 100_000;
export const ERROR_RESPONSE_PREVIEW_CHARS = 150;
export const DESCRIPTION_TRUNCATION = 300;
export const TABLE_DENSITIES = ['small', 'medium', 'large'] as const;
export type TableDensity = (typeof TABLE_DENSITIES)[number];
export const DEFAULT_TABLE_DENSITY: TableDensity = 'medium';

/** The views whose auto-refresh interval is kept per user (01 §4, 03 §4). */
export const POLLING_VIEWS = [
  'asset',
  'inventory',
  'locationItemCount',
  'itemHistory',
  'checkTags',
  'locationInventory',
  'sensor',
  'notification',
] as const;
export type PollingView = (typeof POLLING_VIEWS)[number];
/** Polling choices in milliseconds (0 = Off): Off, 5s, 10s, 20s, 30s, 1m, 5m. */
export const POLLING_INTERVALS_MS = [0, 5_000, 10_000, 20_000, 30_000, 60_000, 300_000] as const;
/** The location inventory view offers fewer (01 §9): Off, 10s, 30s, 1m, 5m. */
export const LOCATION_INVENTORY_POLLING_MS = [0, 10_000, 30_000, 60_000, 300_000] as const;
/** Notifications and sensors refresh every 5 s unless the user chooses otherwise; the rest are off. */
export const DEFAULT_POLLING_MS: Record<PollingView, number> = {
  asset: 0,
  inventory: 0,
  locationItemCount: 0,
  itemHistory: 0,
  checkTags: 0,
  locationInventory: 0,
  sensor: 5_000,
  notification: 5_000,
};

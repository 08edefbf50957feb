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

export { PollingSelect, usePollingInterval, usePollingLabel, refetchEvery } from './polling-select';
export { ExportButton, downloadCsv } from './export-button';

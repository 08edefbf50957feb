import { useMutation } from '@tanstack/react-query';
import { API_ROUTES } from '@tagtrack/contract';
import { api } from '../../../lib/api';

export const LOCATIONS_CSV_FILE = 'locations.csv';

/** GET /configuration/location/export/csv/: the whole tree as CSV, fetched with the token as a blob. */
export function exportLocationsCsv(): Promise<Blob> {
  return api.get<Blob>(API_ROUTES.locationExportCsv.url, { responseType: 'blob' });
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportLocationsCsv() {
  return useMutation({
    mutationFn: async () => saveBlob(await exportLocationsCsv(), LOCATIONS_CSV_FILE),
  });
}

import { useMutation } from '@tanstack/react-query';
import { API_ROUTES } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';

export const LOCATIONS_CSV_FILE = 'locations.csv';

/** GET /configuration/location/export/csv/: the whole tree as CSV, fetched with the token as a blob. */
export function exportLocationsCsv(): Promise<Blob> {
  return api.get<Blob>(API_ROUTES.locationExportCsv.url, { responseType: 'blob' });
}

export function useExportLocationsCsv() {
  return useMutation({
    mutationFn: async () => saveBlob(await exportLocationsCsv(), LOCATIONS_CSV_FILE),
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { IMPORT_ROUTES, type ImportKind } from './import-routes';

/** GET …/import/template/: the CSV template (header and an example row), fetched with the token as a blob. */
export function getImportTemplate(kind: ImportKind): Promise<Blob> {
  return api.get<Blob>(IMPORT_ROUTES[kind].template, { responseType: 'blob' });
}

/** Hands a blob to the browser as a download. */
function saveBlob(blob: Blob, fileName: string) {
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

export function useDownloadImportTemplate(kind: ImportKind) {
  return useMutation({
    mutationFn: async () => saveBlob(await getImportTemplate(kind), IMPORT_ROUTES[kind].templateFile),
  });
}

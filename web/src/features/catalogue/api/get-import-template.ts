import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';
import { IMPORT_ROUTES, type ImportKind } from './import-routes';

/** GET …/import/template/: the CSV template (header and an example row), fetched with the token as a blob. */
export function getImportTemplate(kind: ImportKind): Promise<Blob> {
  return api.get<Blob>(IMPORT_ROUTES[kind].template, { responseType: 'blob' });
}

export function useDownloadImportTemplate(kind: ImportKind) {
  return useMutation({
    mutationFn: async () => saveBlob(await getImportTemplate(kind), IMPORT_ROUTES[kind].templateFile),
  });
}

import { useMutation } from '@tanstack/react-query';
import { ImportPreviewSchema, type ImportPreview } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { IMPORT_ROUTES, importForm, type ImportKind } from './import-routes';

/** POST …/import/preview/ (multipart `file`): {rows, errors: [{row, message}]}; nothing is written. */
export function previewImport({ kind, file }: { kind: ImportKind; file: File }): Promise<ImportPreview> {
  return api.post(IMPORT_ROUTES[kind].preview, importForm(file), { schema: ImportPreviewSchema });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

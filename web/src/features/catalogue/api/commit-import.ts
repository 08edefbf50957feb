import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportResultSchema, type ImportResult } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { IMPORT_ROUTES, importForm, type ImportKind } from './import-routes';
import { invalidateAfter } from '../../../lib/query-keys';

/**
 * POST …/import/ (multipart `file`): every row written in one transaction → {created}; with any
 * row error nothing is written (400 ValidationError, detail: the message, then "Row N: …").
 */
export function commitImport({ kind, file }: { kind: ImportKind; file: File }): Promise<ImportResult> {
  return api.post(IMPORT_ROUTES[kind].commit, importForm(file), { schema: ImportResultSchema });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    // Products gain rows; items change the counts of products, locations and inventory too.
    onSuccess: (_, { kind }) => invalidateAfter(queryClient, kind === 'items' ? 'items' : 'products'),
  });
}

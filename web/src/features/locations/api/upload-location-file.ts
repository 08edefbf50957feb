import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, LocationFileSchema, apiPath, type LocationFile, type LocationFileType } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

export interface LocationFileUpload {
  uuid: string;
  name: string;
  type: LocationFileType;
  file: File;
}

/**
 * POST /configuration/location/{uuid}/files/ as multipart/form-data (name, type, file). A second
 * 'floor plan' upload replaces the plan image and keeps the shapes.
 */
export function uploadLocationFile({ uuid, name, type, file }: LocationFileUpload): Promise<LocationFile> {
  const form = new FormData();
  form.set('name', name);
  form.set('type', type);
  form.set('file', file, file.name);
  return api.post(apiPath(API_ROUTES.locationFileUpload.url, { id: uuid }), form, { schema: LocationFileSchema });
}

export function useUploadLocationFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLocationFile,
    // The lists, the floor plan and the tree's image and plan markers all change.
    onSuccess: () => invalidateAfter(queryClient, 'locationFiles'),
  });
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCATION_NAME_MAX, SNACKBAR_SHORT_MS } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useUploadLocationFile } from '../../api/upload-location-file';

/**
 * Uploads a plan image (type 'floor plan', named after the file). A second upload replaces the
 * image and keeps the shapes. Resolves to whether it worked; the user has been told either way.
 */
export function useUploadFloorPlan(uuid: string) {
  const { t } = useTranslation('locationFiles');
  const notify = useNotify();
  const upload = useUploadLocationFile();
  const { mutateAsync } = upload;
  const send = useCallback(
    async (file: File) => {
      try {
        await mutateAsync({ uuid, name: file.name.slice(0, LOCATION_NAME_MAX), type: 'floor plan', file });
        notify.success(t('planUploaded'), { duration: SNACKBAR_SHORT_MS });
        return true;
      } catch (error) {
        notify.error(t('planUploadFailed'), error, { withDetail: true });
        return false;
      }
    },
    [mutateAsync, notify, t, uuid],
  );
  return { send, isPending: upload.isPending };
}

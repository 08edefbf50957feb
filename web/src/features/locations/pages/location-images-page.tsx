import { useEffect, useState } from 'react';
import { useLocation as useRouterLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import type { LocationFile } from '@tagtrack/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { useNotify } from '../../../components/feedback/use-notify';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { useDeleteLocationFile } from '../api/delete-location-file';
import { useLocationDetail } from '../api/get-location';
import { useLocationFiles } from '../api/list-location-files';
import { AddImageDialog } from '../components/images/add-image-dialog';
import { ImageViewerDialog } from '../components/images/image-viewer-dialog';
import { LocationImageCard } from '../components/images/location-image-card';

/** Navigation state the location tree passes along. */
interface LocationNavigationState {
  locationName?: string;
}

function EmptyImages({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('locationFiles');
  return (
    <Card sx={{ py: 7, px: 3 }} data-testid="location-images-empty">
      <EmptyState
        icon={<PhotoLibraryOutlinedIcon />}
        title={t('noImagesTitle')}
        text={canWrite ? t('noImagesWriterText') : t('noImagesText')}
      />
    </Card>
  );
}

/** /location/images/:uuid: the images of type 'other' of one location (spec 03 §2). */
export function LocationImagesPage() {
  const { t } = useTranslation(['locationFiles', 'menu']);
  const { uuid = '' } = useParams();
  const navigationState = useRouterLocation().state as LocationNavigationState | null;
  const stateName = navigationState?.locationName;
  const notify = useNotify();
  const canWrite = useCan('location:write');
  const location = useLocationDetail(uuid, { enabled: !stateName });
  const files = useLocationFiles(uuid, 'other');
  const remove = useDeleteLocationFile();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<LocationFile | null>(null);
  const [deleting, setDeleting] = useState<LocationFile | null>(null);
  const name = stateName ?? location.data?.name ?? '';

  useEffect(() => {
    if (location.error) notify.error(t('locationLoadFailed'), location.error);
  }, [location.error, notify, t]);
  useEffect(() => {
    if (files.error) notify.error(t('imagesLoadFailed'), files.error);
  }, [files.error, notify, t]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ uuid, pk: deleting.pk });
      notify.success(t('imageDeleted'));
    } catch (error) {
      notify.error(t('imageDeleteFailed'), error, { withDetail: true });
    }
    setDeleting(null);
  };

  return (
    <>
      <PageHeader
        title={t('imagesTitle', { name: name || '…' })}
        subtitle={t('imagesSubtitle')}
        breadcrumbs={[{ label: t('menu:locations'), to: '/location' }]}
        actions={
          canWrite && (
            <Button
              variant="contained"
              startIcon={<AddPhotoAlternateOutlinedIcon />}
              onClick={() => setAdding(true)}
              data-testid="add-image-button"
            >
              {t('addImage')}
            </Button>
          )
        }
      />
      {files.isPending ? (
        <Grid container spacing={2.5}>
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <Card>
                <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
                <Stack sx={{ p: 2 }}>
                  <Skeleton width="60%" />
                  <Skeleton width="40%" />
                </Stack>
              </Card>
            </Grid>
          ))}
        </Grid>
      ) : files.data && files.data.length > 0 ? (
        <Grid container spacing={2.5} component="section" aria-label={t('imagesTitle', { name })}>
          {files.data.map((file) => (
            <Grid key={file.pk} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <LocationImageCard
                uuid={uuid}
                file={file}
                canWrite={canWrite}
                onOpen={setViewing}
                onDelete={setDeleting}
              />
            </Grid>
          ))}
        </Grid>
      ) : (
        files.data && <EmptyImages canWrite={canWrite} />
      )}
      {adding && <AddImageDialog uuid={uuid} onClose={() => setAdding(false)} />}
      {viewing && <ImageViewerDialog uuid={uuid} file={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteImageTitle')}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {t('deleteImageText', { name: deleting?.name ?? '', location: name })}
      </ConfirmDialog>
    </>
  );
}

import { useEffect, useState } from 'react';
import { useLocation as useRouterLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/feedback/use-notify';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { useDeleteFloorPlan } from '../api/delete-floor-plan';
import { useDeleteLocationFile } from '../api/delete-location-file';
import { useFloorPlan } from '../api/get-floor-plan';
import { useLocationDetail } from '../api/get-location';
import { ChangeImageDialog } from '../components/floor-plan/change-image-dialog';
import { FloorPlanActions } from '../components/floor-plan/floor-plan-actions';
import { FloorPlanEmpty } from '../components/floor-plan/floor-plan-empty';
import { FloorPlanWorkspace } from '../components/floor-plan/floor-plan-workspace';
import { useUploadFloorPlan } from '../components/floor-plan/use-upload-floor-plan';

type Confirming = 'image' | 'all' | null;

function WorkspaceSkeleton() {
  return (
    <Grid container spacing={2.5}>
      <Grid size={{ xs: 12, lg: 9 }}>
        <Card sx={{ p: 2 }}>
          <Skeleton variant="rounded" height={460} />
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 3 }}>
        <Card sx={{ p: 2 }}>
          <Stack spacing={1}>
            <Skeleton width="60%" height={28} />
            <Skeleton />
            <Skeleton />
            <Skeleton />
          </Stack>
        </Card>
      </Grid>
    </Grid>
  );
}

/** /location/:locationId: a location's floor plan, its image and the child locations marked on it. */
export function FloorPlanPage() {
  const { t } = useTranslation(['locationFiles', 'menu']);
  const { locationId = '' } = useParams();
  const stateName = (useRouterLocation().state as { locationName?: string } | null)?.locationName;
  const notify = useNotify();
  const canWrite = useCan('location:write');
  const location = useLocationDetail(locationId);
  const plan = useFloorPlan(locationId);
  const upload = useUploadFloorPlan(locationId);
  const deleteFile = useDeleteLocationFile();
  const deletePlan = useDeleteFloorPlan();
  const [editing, setEditing] = useState(false);
  const [changingImage, setChangingImage] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const name = location.data?.name ?? stateName ?? '';
  const image = plan.data?.image ?? null;
  const hasData = Boolean(image) || (plan.data?.shapes.length ?? 0) > 0;

  useEffect(() => {
    if (location.error) notify.error(t('locationLoadFailed'), location.error);
  }, [location.error, notify, t]);
  useEffect(() => {
    if (plan.error) notify.error(t('planLoadFailed'), plan.error);
  }, [plan.error, notify, t]);

  const onConfirmDelete = async () => {
    try {
      if (confirming === 'image' && image) {
        await deleteFile.mutateAsync({ uuid: locationId, pk: image.pk });
        notify.success(t('planImageDeleted'));
      } else if (confirming === 'all') {
        await deletePlan.mutateAsync(locationId);
        notify.success(t('planDataDeleted'));
      }
      setEditing(false);
    } catch (error) {
      notify.error(t(confirming === 'image' ? 'planDeleteFailed' : 'planDataDeleteFailed'), error, {
        withDetail: true,
      });
    }
    setConfirming(null);
  };

  return (
    <>
      <PageHeader
        title={t('floorPlanTitle', { name: name || '…' })}
        subtitle={name ? t('floorPlanSubtitle', { name }) : undefined}
        breadcrumbs={[{ label: t('menu:locations'), to: '/location' }]}
        actions={
          canWrite &&
          plan.data &&
          !editing && (
            <FloorPlanActions
              hasImage={Boolean(image)}
              hasData={hasData}
              onEdit={() => setEditing(true)}
              onChangeImage={() => setChangingImage(true)}
              onDeleteImage={() => setConfirming('image')}
              onDeleteAll={() => setConfirming('all')}
            />
          )
        }
      />
      {!plan.data || !location.data ? (
        (plan.isPending || location.isPending) && <WorkspaceSkeleton />
      ) : image ? (
        <FloorPlanWorkspace
          location={location.data}
          plan={plan.data}
          canWrite={canWrite}
          editing={canWrite && editing}
          onEditingChange={setEditing}
        />
      ) : (
        <FloorPlanEmpty
          name={name}
          canWrite={canWrite}
          keptShapes={plan.data.shapes.length}
          uploading={upload.isPending}
          onUpload={upload.send}
        />
      )}
      {changingImage && (
        <ChangeImageDialog
          uploading={upload.isPending}
          onUpload={upload.send}
          onClose={() => setChangingImage(false)}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t(confirming === 'all' ? 'deletePlanDataTitle' : 'deletePlanImageTitle')}
        confirmLabel={t('delete')}
        busy={deleteFile.isPending || deletePlan.isPending}
        onConfirm={() => void onConfirmDelete()}
        onClose={() => setConfirming(null)}
      >
        {t(confirming === 'all' ? 'deletePlanDataText' : 'deletePlanImageText')}
      </ConfirmDialog>
    </>
  );
}

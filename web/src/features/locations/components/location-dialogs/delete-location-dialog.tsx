import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Location } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useDeleteLocation } from '../../api/delete-location';
import { useLocationCounts } from '../../api/get-location-counts';

/** Confirms a delete after checking, through the counts call, that the location holds no items. */
export function DeleteLocationDialog({ location, onClose }: { location: Location; onClose: () => void }) {
  const { t } = useTranslation(['locations', 'common', 'validation']);
  const notify = useNotify();
  const counts = useLocationCounts(location.uuid);
  const remove = useDeleteLocation();

  useEffect(() => {
    if (counts.error) {
      notify.error(t('notifyCountsFailed'), counts.error);
      onClose();
    }
  }, [counts.error, notify, onClose, t]);

  const holdsItems = (counts.data?.items ?? 0) > 0;
  const confirm = async () => {
    try {
      await remove.mutateAsync(location.uuid);
      notify.success(t('notifyDeleted'));
      onClose();
    } catch (error) {
      notify.error(t('notifyDeleteFailed'), error, { withDetail: true, preferredFields: ['parent'] });
    }
  };

  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-location-title"
    >
      <DialogTitle id="delete-location-title">{t('deleteTitle')}</DialogTitle>
      <DialogContent>
        {counts.isPending ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CircularProgress size={18} />
            <DialogContentText>{t('deleteChecking')}</DialogContentText>
          </Stack>
        ) : holdsItems ? (
          <Alert severity="warning" data-testid="delete-location-holds-items">
            {t('validation:locationHasItems')} {t('deleteItemCount', { n: counts.data?.items ?? 0 })}
          </Alert>
        ) : (
          <DialogContentText>
            {t('deleteConfirm', { name: location.name })} {t('deleteCannotUndo')}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={remove.isPending}>
          {t('common:cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={confirm}
          disabled={!counts.isSuccess || holdsItems}
          loading={remove.isPending}
          data-testid="delete-location-confirm"
        >
          {t('deleteAction')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

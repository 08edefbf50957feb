import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { LocationTreePicker } from '../../../shared/locations/location-tree-picker';
import { useNotify } from '../../../components/feedback/use-notify';
import { useWholeLocationTree } from '../../../shared/locations/get-whole-location-tree';
import { useCreateSession, useOpenSessionLocations } from '../api/sessions';
import { FormDialog } from '../../../components/form-dialog';

/**
 * New session (03 §2): the location tree with checkboxes, only active leaves selectable and the
 * locations of open sessions disabled (01 §5). Creating opens the new session.
 */
export function NewSessionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['inventorySessions', 'common']);
  const notify = useNotify();
  const navigate = useNavigate();
  const tree = useWholeLocationTree();
  const taken = useOpenSessionLocations(open);
  const create = useCreateSession();
  const [chosen, setChosen] = useState<string[]>([]);
  const takenUuids = taken.data ?? [];

  const close = () => {
    if (create.isPending) return;
    setChosen([]);
    onClose();
  };
  const submit = () =>
    create.mutate(chosen, {
      onSuccess: (session) => {
        notify.success(t('created'));
        setChosen([]);
        onClose();
        void navigate(`/inventory/inventory-session/${session.hash}`);
      },
      onError: (error) => notify.error(t('createFailed'), error, { withDetail: true }),
    });

  return (
    <FormDialog
      open={open}
      dirty={chosen.length > 0}
      busy={create.isPending}
      onClose={close}
      maxWidth="sm"
      fullWidth
      aria-labelledby="new-session-title"
    >
      <DialogTitle id="new-session-title">{t('newSessionTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('newSessionText')}</DialogContentText>
        <LocationTreePicker
          locations={tree.data ?? []}
          loading={tree.isPending || taken.isPending}
          value={chosen}
          onChange={setChosen}
          multiple
          disabledUuids={takenUuids}
          disabledReason={(node) => (takenUuids.includes(node.uuid) ? t('inOpenSession') : undefined)}
          label={t('locationsLabel')}
          testId="session-locations"
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="session-selected-count">
          {t('selectedCount', { count: chosen.length })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={create.isPending} data-testid="new-session-cancel">
          {t('common:cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={chosen.length === 0}
          loading={create.isPending}
          data-testid="new-session-create"
        >
          {t('create')}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}

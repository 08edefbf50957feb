import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { ITEM_STATUSES, isSelectableInPicker, type ItemStatus, type Location } from '@tagtrack/contract';
import { LocationTreePicker } from '../../../shared/locations/location-tree-picker';

/** Asks for the status to give the selected items. */
export function StatusDialog({
  open,
  count,
  busy,
  onApply,
  onClose,
}: {
  open: boolean;
  count: number;
  busy: boolean;
  onApply: (status: ItemStatus) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['tracking', 'common']);
  const [status, setStatus] = useState<ItemStatus>('in');
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth data-testid="status-dialog">
      <DialogTitle>{t('statusDialogTitle', { count })}</DialogTitle>
      <DialogContent>
        <RadioGroup value={status} onChange={(event) => setStatus(event.target.value as ItemStatus)}>
          {ITEM_STATUSES.map((s) => (
            <FormControlLabel
              key={s}
              value={s}
              control={<Radio data-testid={`status-dialog-${s}`} />}
              label={t(`status_${s}`)}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" loading={busy} onClick={() => onApply(status)} data-testid="status-dialog-apply">
          {t('apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks for the location to move the selected items to (an active leaf, not Removed). */
export function MoveDialog({
  open,
  count,
  busy,
  locations,
  onApply,
  onClose,
}: {
  open: boolean;
  count: number;
  busy: boolean;
  locations: readonly Location[];
  onApply: (uuid: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['tracking', 'common']);
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth data-testid="move-dialog">
      <DialogTitle>{t('moveDialogTitle', { count })}</DialogTitle>
      <DialogContent>
        <LocationTreePicker
          locations={locations.filter((root) => root.special !== 'removed')}
          value={chosen}
          onChange={setChosen}
          selectable={isSelectableInPicker}
          label={t('columnLocation')}
          testId="move-dialog-location"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {t('common:cancel')}
        </Button>
        <Button
          variant="contained"
          loading={busy}
          disabled={chosen.length === 0}
          onClick={() => onApply(chosen[0]!)}
          data-testid="move-dialog-apply"
        >
          {t('apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

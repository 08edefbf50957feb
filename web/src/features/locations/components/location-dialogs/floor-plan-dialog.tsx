import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MapIcon from '@mui/icons-material/MapOutlined';
import type { Location } from '@tagtrack/contract';

/** The floor plan entry of a location with children: what it holds, and the way to the plan editor. */
export function FloorPlanDialog({ location, onClose }: { location: Location; onClose: () => void }) {
  const { t } = useTranslation(['locations', 'common']);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="floor-plan-title">
      <DialogTitle id="floor-plan-title">{t('floorPlanTitle', { name: location.name })}</DialogTitle>
      <DialogContent>
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            height: 120,
            mb: 2,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'grey.50',
          }}
        >
          <MapIcon sx={{ fontSize: 48, color: location.has_floor_plan ? 'primary.main' : 'text.disabled' }} />
        </Box>
        <DialogContentText>{location.has_floor_plan ? t('floorPlanPresent') : t('floorPlanAbsent')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          {t('common:close')}
        </Button>
        <Button
          variant="contained"
          component={RouterLink}
          to={`/location/${location.uuid}`}
          onClick={onClose}
          data-testid="floor-plan-open"
        >
          {t('floorPlanOpen')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

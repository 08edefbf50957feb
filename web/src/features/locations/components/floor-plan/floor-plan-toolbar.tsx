import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditLocationAltOutlinedIcon from '@mui/icons-material/EditLocationAltOutlined';
import NearMeOutlinedIcon from '@mui/icons-material/NearMeOutlined';
import type { FloorPlanTool } from '../../model/floor-plan-canvas';
import { SHAPE_KINDS, SHAPE_LABEL_KEYS, ShapeIcon } from './shape-kinds';

interface FloorPlanToolbarProps {
  tool: FloorPlanTool;
  onTool: (tool: FloorPlanTool) => void;
  hasSelection: boolean;
  onChangeLocation: () => void;
  onDeleteShape: () => void;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}

/** The edit mode's tools (Select, Triangle, Rectangle, Circle, Dot Mark), shape actions, Save and Cancel. */
export function FloorPlanToolbar(props: FloorPlanToolbarProps) {
  const { t } = useTranslation(['locationFiles', 'common']);
  const { tool, hasSelection, dirty, saving } = props;
  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          color="primary"
          value={tool}
          onChange={(_, next: FloorPlanTool | null) => next && props.onTool(next)}
          aria-label={t('tools')}
          data-testid="floor-plan-tools"
        >
          <ToggleButton value="select" sx={{ gap: 0.75, px: 1.5 }}>
            <NearMeOutlinedIcon fontSize="small" />
            {t('toolSelect')}
          </ToggleButton>
          {SHAPE_KINDS.map((kind) => (
            <ToggleButton key={kind} value={kind} sx={{ gap: 0.75, px: 1.5 }}>
              <ShapeIcon kind={kind} fontSize="small" />
              {t(SHAPE_LABEL_KEYS[kind])}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Divider orientation="vertical" flexItem />
        <Tooltip title={t('changeLocation')}>
          <span>
            <IconButton aria-label={t('changeLocation')} disabled={!hasSelection} onClick={props.onChangeLocation}>
              <EditLocationAltOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('deleteShape')}>
          <span>
            <IconButton
              aria-label={t('deleteShape')}
              color="error"
              disabled={!hasSelection}
              onClick={props.onDeleteShape}
              data-testid="floor-plan-delete-shape"
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Box sx={{ flex: 1 }} />
        {dirty && <Chip size="small" color="warning" variant="outlined" label={t('unsavedChanges')} />}
        <Button color="inherit" onClick={props.onCancel} disabled={saving} data-testid="floor-plan-cancel">
          {t('common:cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={props.onSave}
          disabled={!dirty}
          loading={saving}
          data-testid="floor-plan-save"
        >
          {t('common:save')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
        {tool === 'select' ? t('hintSelect') : t('hintDraw')}
      </Typography>
    </Box>
  );
}

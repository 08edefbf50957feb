import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';

interface FloorPlanActionsProps {
  hasImage: boolean;
  /** Shapes or an image exist: there is floor plan data to delete. */
  hasData: boolean;
  onEdit: () => void;
  onChangeImage: () => void;
  onDeleteImage: () => void;
  onDeleteAll: () => void;
}

/** The writer's actions in the page header: Edit, Change image, and the two deletes in a menu. */
export function FloorPlanActions(props: FloorPlanActionsProps) {
  const { t } = useTranslation('locationFiles');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      {props.hasImage && (
        <>
          <Button variant="outlined" startIcon={<ImageOutlinedIcon />} onClick={props.onChangeImage}>
            {t('changeImage')}
          </Button>
          <Button
            variant="contained"
            startIcon={<EditOutlinedIcon />}
            onClick={props.onEdit}
            data-testid="floor-plan-edit"
          >
            {t('editPlan')}
          </Button>
        </>
      )}
      {props.hasData && (
        <>
          <Tooltip title={t('moreActions')}>
            <IconButton
              aria-label={t('moreActions')}
              aria-haspopup="menu"
              aria-expanded={anchor ? true : undefined}
              onClick={(event) => setAnchor(event.currentTarget)}
              data-testid="floor-plan-more"
            >
              <MoreVertIcon />
            </IconButton>
          </Tooltip>
          <Menu
            anchorEl={anchor}
            open={Boolean(anchor)}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            <MenuItem disabled={!props.hasImage} onClick={choose(props.onDeleteImage)}>
              <ListItemIcon>
                <DeleteOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('deletePlanImage')}</ListItemText>
            </MenuItem>
            <MenuItem onClick={choose(props.onDeleteAll)} sx={{ color: 'error.main' }}>
              <ListItemIcon>
                <DeleteForeverOutlinedIcon fontSize="small" color="error" />
              </ListItemIcon>
              <ListItemText>{t('deletePlanData')}</ListItemText>
            </MenuItem>
          </Menu>
        </>
      )}
    </>
  );
}

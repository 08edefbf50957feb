import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import EventRepeatIcon from '@mui/icons-material/EventRepeatOutlined';
import ListAltIcon from '@mui/icons-material/ListAltOutlined';
import { REPORTS_PATH, NEW_REPORT_PATHS } from '../model/report-paths';

/** New Report (03 §2): a menu of the two kinds, each opening its form; the form returns to the list. */
export function NewReportButton() {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = (path: string) => {
    setAnchor(null);
    void navigate(path, { state: { returnTo: REPORTS_PATH } });
  };
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="report-new"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('newReport')}
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { sx: { minWidth: 200, '& .MuiListItemIcon-root': { color: 'primary.main' } } } }}
      >
        <MenuItem onClick={() => open(NEW_REPORT_PATHS.asset)} data-testid="report-new-asset">
          <ListItemIcon>
            <ListAltIcon fontSize="small" />
          </ListItemIcon>
          {t('newItemReport')}
        </MenuItem>
        <MenuItem onClick={() => open(NEW_REPORT_PATHS.inventory)} data-testid="report-new-inventory">
          <ListItemIcon>
            <EventRepeatIcon fontSize="small" />
          </ListItemIcon>
          {t('newInventoryReport')}
        </MenuItem>
      </Menu>
    </>
  );
}

import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ImageIcon from '@mui/icons-material/PhotoLibraryOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import MapIcon from '@mui/icons-material/MapOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import type { Location } from '@tagtrack/contract';
import { DisabledReason } from '../../../components/disabled-reason';
import type { LocationAction, LocationMenuEntry } from '../model/location-menu';

const ICONS: Record<LocationAction, ReactNode> = {
  add: <AddIcon fontSize="small" />,
  edit: <EditIcon fontSize="small" />,
  activate: <CheckCircleIcon fontSize="small" />,
  deactivate: <BlockIcon fontSize="small" />,
  delete: <DeleteIcon fontSize="small" />,
  images: <ImageIcon fontSize="small" />,
  floorPlan: <MapIcon fontSize="small" />,
  details: <InfoIcon fontSize="small" />,
  items: <ListIcon fontSize="small" />,
  inventory: <InventoryIcon fontSize="small" />,
};

const LABELS = {
  add: 'menuAdd',
  edit: 'menuEdit',
  activate: 'menuActivate',
  deactivate: 'menuDeactivate',
  delete: 'menuDelete',
  images: 'menuImages',
  floorPlan: 'menuFloorPlan',
  details: 'menuDetails',
  items: 'menuItems',
  inventory: 'menuInventory',
} as const satisfies Record<LocationAction, string>;

const WRITE_ACTIONS: ReadonlySet<LocationAction> = new Set(['add', 'edit', 'activate', 'deactivate', 'delete']);

/** The kebab button of a tree node and its context menu. */
export function LocationNodeMenu({
  node,
  entries,
  onAction,
}: {
  node: Location;
  entries: LocationMenuEntry[];
  onAction: (action: LocationAction, node: Location) => void;
}) {
  const { t } = useTranslation(['locations', 'validation']);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const firstRead = entries.findIndex((entry) => !WRITE_ACTIONS.has(entry.action));

  return (
    <>
      <IconButton
        size="small"
        aria-label={t('actionsFor', { name: node.name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        data-testid="location-node-menu-button"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 210 } }, list: { dense: true } }}
      >
        {entries.flatMap((entry, i) => {
          const item = (
            <MenuItem
              key={entry.action}
              disabled={entry.disabledReason !== undefined}
              data-testid={`location-menu-${entry.action}`}
              onClick={() => {
                setAnchor(null);
                onAction(entry.action, node);
              }}
              sx={
                entry.action === 'delete'
                  ? { color: 'error.main', '& .MuiListItemIcon-root': { color: 'error.main' } }
                  : undefined
              }
            >
              <ListItemIcon>{ICONS[entry.action]}</ListItemIcon>
              <ListItemText>{t(LABELS[entry.action])}</ListItemText>
            </MenuItem>
          );
          const shown = (
            <DisabledReason
              key={entry.action}
              reason={entry.disabledReason && t(`validation:${entry.disabledReason}`)}
              placement="left"
              block
            >
              {item}
            </DisabledReason>
          );
          return i === firstRead && i > 0 ? [<Divider key="divider" />, shown] : [shown];
        })}
      </Menu>
    </>
  );
}

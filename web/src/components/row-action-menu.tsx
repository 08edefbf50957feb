import { useState, type MouseEvent, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { DisabledReason } from './disabled-reason';

export interface RowAction<A extends string> {
  action: A;
  icon: ReactNode;
  label: string;
  testId: string;
  disabled?: boolean;
  /** Why the server would refuse the action: the item is disabled and says so on hover. */
  disabledReason?: string | null;
}

/**
 * The ⋮ button at the end of a table row and its menu of actions, the same in every list. A
 * `className` on the items lets a list style them (the user list's nonAdminRight).
 */
export function RowActionMenu<A extends string>({
  label,
  testId,
  disabled = false,
  disabledReason,
  items,
  onAction,
  itemClassName,
}: {
  /** The button's accessible name, e.g. "Actions for anna". */
  label: string;
  testId: string;
  disabled?: boolean;
  /** Why the whole menu is closed to this row: the button is disabled and says so on hover. */
  disabledReason?: string | null;
  items: readonly RowAction<A>[];
  onAction: (action: A) => void;
  itemClassName?: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <DisabledReason reason={disabledReason}>
        <IconButton
          size="small"
          aria-label={label}
          aria-haspopup="menu"
          disabled={disabled || Boolean(disabledReason)}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
          data-testid={testId}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </DisabledReason>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: {
            sx: {
              minWidth: 200,
              '& .MuiListItemIcon-root': { color: 'primary.main' },
              '& .nonAdminRight .MuiListItemIcon-root': { color: 'text.secondary' },
            },
          },
        }}
      >
        {items.map((item) => (
          <DisabledReason key={item.action} reason={item.disabledReason} placement="left" block>
            <MenuItem
              className={itemClassName}
              disabled={item.disabled || Boolean(item.disabledReason)}
              onClick={() => {
                close();
                onAction(item.action);
              }}
              data-testid={item.testId}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              {item.label}
            </MenuItem>
          </DisabledReason>
        ))}
      </Menu>
    </>
  );
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { useMe } from '../../lib/auth/get-me';
import { signOut } from '../../lib/auth/sign-out';
import { SUPPORT_URL } from '../../lib/config';

function initials(first: string, last: string, username: string): string {
  const fromName = `${first.trim().charAt(0)}${last.trim().charAt(0)}`;
  return (fromName || username.slice(0, 2)).toUpperCase();
}

/** Greets the user; Profile, Change Password, Support (new tab) and Logout (spec 01 §2.4). */
export function UserMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const user = me.data;
  const username = user?.username ?? '';

  return (
    <>
      <Button
        data-testid="user-menu-button"
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('greeting', { username })}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'user-menu' : undefined}
        endIcon={<KeyboardArrowDownIcon />}
        sx={{ borderRadius: 99, pl: 0.75, pr: 1.5, py: 0.5, fontWeight: 500 }}
      >
        <Avatar sx={{ width: 32, height: 32, mr: 1.25, fontSize: '0.8rem', bgcolor: 'primary.main' }}>
          {user ? initials(user.first_name, user.last_name, username) : ''}
        </Avatar>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, whiteSpace: 'nowrap' }}>
          {t('greeting', { username })}
        </Box>
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, minWidth: 240 } } }}
      >
        {user && (
          <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {[user.first_name, user.last_name].filter(Boolean).join(' ') || username}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {user.customer_name}
            </Typography>
          </Box>
        )}
        {user && <Divider />}
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menuProfile')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/password-change" onClick={close}>
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menuChangePassword')}</ListItemText>
        </MenuItem>
        <MenuItem component="a" href={SUPPORT_URL} target="_blank" rel="noopener noreferrer" onClick={close}>
          <ListItemIcon>
            <SupportAgentIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menuSupport')}</ListItemText>
          <OpenInNewIcon fontSize="inherit" sx={{ ml: 2, color: 'text.secondary' }} />
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            signOut('user');
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menuLogout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

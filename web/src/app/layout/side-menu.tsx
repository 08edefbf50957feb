import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { menuFor, type MenuEntry } from '@tagtrack/contract';
import { useMe } from '../../lib/auth/get-me';
import { useInstanceSubscription } from '../../shared/configuration/get-instance-subscription';
import { useListViewLink } from '../../lib/list-views';
import { BUILT_FEATURES } from '../../lib/built-features';
import { MenuIcon } from './menu-icons';

function isActive(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/';
  const base = path.replace(/\/$/, '');
  return pathname === base || pathname.startsWith(`${base}/`);
}

function MenuItemLink({ entry, depth }: { entry: MenuEntry; depth: number }) {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const selected = isActive(pathname, entry.path);
  const link = useListViewLink(entry.path);
  if (entry.groupOnly) {
    // A heading of built sub-entries whose own page does not exist yet: not a link.
    return (
      <ListItem data-testid={`menu-${entry.key}`} sx={{ pl: 2, py: 0.875, mb: 0.25 }}>
        <ListItemIcon>
          <MenuIcon entryKey={entry.key} />
        </ListItemIcon>
        <ListItemText
          primary={t(entry.key as 'settings')}
          slotProps={{ primary: { sx: { fontSize: '0.925rem', fontWeight: 500, color: 'text.secondary' } } }}
        />
      </ListItem>
    );
  }
  return (
    <ListItemButton
      component={RouterLink}
      // A list opens in the view it was last left in (its search, filters, sort and page).
      {...link}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      data-testid={`menu-${entry.key}`}
      sx={{ pl: 2 + depth * 2.5, py: depth ? 0.5 : 0.875, mb: 0.25 }}
    >
      <ListItemIcon>
        <MenuIcon entryKey={entry.key} />
      </ListItemIcon>
      <ListItemText
        primary={t(entry.key as 'settings')}
        slotProps={{ primary: { sx: { fontSize: depth ? '0.875rem' : '0.925rem', fontWeight: selected ? 600 : 500 } } }}
      />
    </ListItemButton>
  );
}

/** The side menu from the contract's MENU: the user's roles, the subscription and the built features. */
export function SideMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const subscription = useInstanceSubscription();
  const entries = menuFor({
    roles: me.data?.roles ?? [],
    extensions: subscription.data?.extension ?? [],
    onPremise: subscription.data?.on_premise ?? false,
    built: BUILT_FEATURES,
  });

  return (
    <List component="nav" aria-label={t('mainNavigation')} disablePadding>
      {entries.map((entry) => (
        <li key={entry.key} style={{ listStyle: 'none' }}>
          <MenuItemLink entry={entry} depth={0} />
          {entry.children && entry.children.length > 0 && (
            <List disablePadding>
              {entry.children.map((child) => (
                <MenuItemLink key={child.key} entry={child} depth={1} />
              ))}
            </List>
          )}
        </li>
      ))}
    </List>
  );
}

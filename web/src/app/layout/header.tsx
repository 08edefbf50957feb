import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { CompanyLogo } from '../../components/company-logo';
import { useCustomer } from '../../shared/configuration/get-customer';
import { UserMenu } from './user-menu';

/** The header: the company logo (back to /) and the user menu (spec 01 §2.4); on narrow screens a menu button. */
export function Header({ onMenuClick }: { onMenuClick?: () => void }) {
  const { t } = useTranslation();
  const customer = useCustomer();
  return (
    <AppBar position="fixed" sx={(theme) => ({ zIndex: theme.zIndex.drawer + 1 })}>
      <Toolbar sx={{ gap: 2 }}>
        {onMenuClick && (
          <IconButton edge="start" onClick={onMenuClick} aria-label={t('openNavigation')}>
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to="/"
          aria-label={t('home')}
          sx={{ display: 'flex', alignItems: 'center', borderRadius: 1, p: 0.5, ml: -0.5 }}
        >
          <CompanyLogo src={customer.data?.logo} alt={customer.data?.name ?? t('appName')} height={34} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}

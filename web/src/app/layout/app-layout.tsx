import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PageProgress } from '../../components/page-progress';
import { SIDE_PANEL_WIDTH } from '../../lib/config';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { SidePanelFooter } from './side-panel-footer';

/** The setup-mode banner (01 §2.4) of the readers area, loaded like the pages: the app imports features lazily. */
const SetupModeBanner = lazy(() =>
  import('../../features/readers/components/setup-mode-banner').then((m) => ({ default: m.SetupModeBanner })),
);

const paperSx = {
  width: SIDE_PANEL_WIDTH,
  boxSizing: 'border-box',
  borderRight: 1,
  borderColor: 'divider',
  display: 'flex',
  flexDirection: 'column',
} as const;

function SidePanel() {
  return (
    <>
      <Toolbar />
      <Box sx={{ flex: 1, overflowY: 'auto', py: 2 }}>
        <SideMenu />
      </Box>
      <SidePanelFooter />
    </>
  );
}

/**
 * The signed-in frame: header, the side panel (17 rem, permanent from the md breakpoint, a
 * slide-in drawer below it) and the page.
 */
export function AppLayout() {
  const theme = useTheme();
  // Without matchMedia (tests, very old browsers) assume a desktop.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { defaultMatches: true, noSsr: true });
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  // The slide-in panel closes by itself when the user navigates.
  const mobileOpen = openedAt === pathname;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Header onMenuClick={wide ? undefined : () => setOpenedAt(mobileOpen ? null : pathname)} />
      {wide ? (
        <Drawer
          variant="permanent"
          data-testid="side-menu"
          sx={{ width: SIDE_PANEL_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paperSx }}
        >
          <SidePanel />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setOpenedAt(null)}
          data-testid="side-menu"
          sx={{ '& .MuiDrawer-paper': paperSx }}
        >
          <SidePanel />
        </Drawer>
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <Box sx={{ px: { xs: 2, md: 4 }, py: { xs: 3, md: 4 }, maxWidth: 1200, mx: 'auto' }}>
          <Suspense fallback={null}>
            <SetupModeBanner />
          </Suspense>
          <Suspense fallback={<PageProgress />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}

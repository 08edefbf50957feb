import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Frame of the signed-out pages: a calm branded backdrop with the page centred on it. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: 6,
        background:
          'radial-gradient(1200px 600px at 10% -10%, rgba(42,157,143,0.18), transparent 60%), radial-gradient(900px 500px at 110% 110%, rgba(11,98,133,0.20), transparent 60%), #f3f6f9',
      }}
    >
      {children}
    </Box>
  );
}

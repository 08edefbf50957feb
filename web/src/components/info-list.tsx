import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface InfoItem {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** A label/value list (a <dl>) for read-only facts on cards. */
export function InfoList({ items }: { items: InfoItem[] }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {items.map((item) => (
        <Box
          key={item.label}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, 40%) 1fr' },
            gap: { xs: 0.25, sm: 2 },
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-of-type': { borderBottom: 0 },
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }} data-testid={item.testId}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

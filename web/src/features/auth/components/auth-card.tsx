import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FRONTEND_VERSION } from '@tagtrack/contract';
import defaultLogo from '../../../assets/tagtrack-logo.svg';

interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** The card of the signed-out pages (sign-in, password reset): logo, title, subtitle, content. */
export function AuthCard({ title, subtitle, children, testId }: AuthCardProps) {
  return (
    <Stack spacing={3} sx={{ width: '100%', maxWidth: 420, alignItems: 'stretch' }}>
      <Card sx={{ borderRadius: 4, boxShadow: '0 12px 40px rgba(16, 24, 40, 0.08)' }} data-testid={testId}>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
            <img src={defaultLogo} alt="Tagtrack" style={{ height: 40 }} />
          </Box>
          <Typography
            variant="h1"
            component="h1"
            sx={{ textAlign: 'center', mb: subtitle ? 0.75 : 4, overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 4 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        Tagtrack {FRONTEND_VERSION}
      </Typography>
    </Stack>
  );
}

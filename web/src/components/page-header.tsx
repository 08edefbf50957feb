import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { useListViewLink } from '../lib/list-views';

export interface Crumb {
  label: string;
  to?: string;
}

interface PageHeaderProps {
  title: string;
  /** Trail above the title; the page itself is appended as the last crumb. */
  breadcrumbs?: Crumb[];
  /** The last crumb, where it is not the title (a tabbed page names its open tab). */
  current?: string;
  subtitle?: string;
  actions?: ReactNode;
}

/** A crumb back to a list, which opens in the view it was last left in. */
function CrumbLink({ label, to }: { label: string; to: string }) {
  const link = useListViewLink(to);
  return (
    <Link component={RouterLink} {...link} underline="hover" color="text.secondary">
      {label}
    </Link>
  );
}

/** The same heading block on every page: breadcrumbs, an <h1> title, optional subtitle and actions. */
export function PageHeader({ title, breadcrumbs = [], current, subtitle, actions }: PageHeaderProps) {
  useEffect(() => {
    document.title = `${title} · Tagtrack`;
  }, [title]);

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 3, alignItems: { sm: 'flex-end' }, justifyContent: 'space-between' }}
    >
      <div>
        {breadcrumbs.length > 0 && (
          <Breadcrumbs separator={<NavigateNextIcon fontSize="small" />} sx={{ mb: 0.75, fontSize: '0.875rem' }}>
            {breadcrumbs.map((crumb) =>
              crumb.to ? (
                <CrumbLink key={crumb.label} label={crumb.label} to={crumb.to} />
              ) : (
                <Typography key={crumb.label} color="text.secondary" sx={{ fontSize: 'inherit' }}>
                  {crumb.label}
                </Typography>
              ),
            )}
            <Typography color="text.primary" sx={{ fontSize: 'inherit', fontWeight: 500 }}>
              {current ?? title}
            </Typography>
          </Breadcrumbs>
        )}
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </div>
      {actions && (
        // Actions wrap as whole buttons on a narrow screen rather than overflowing it.
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}

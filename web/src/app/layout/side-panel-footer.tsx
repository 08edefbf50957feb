import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FRONTEND_VERSION, routesFor } from '@tagtrack/contract';
import { useBackendVersion } from '../../shared/configuration/get-version';
import { useInstanceSubscription } from '../../shared/configuration/get-instance-subscription';
import { BUILT_FEATURES } from '../../lib/built-features';

/** Versions and the release link at the foot of the side panel (spec 01 §1). */
export function SidePanelFooter() {
  const { t } = useTranslation();
  const backend = useBackendVersion();
  const subscription = useInstanceSubscription();
  // The release link appears once /announcements exists here: cloud only, and built.
  const showRelease =
    subscription.data !== undefined &&
    routesFor({
      extensions: subscription.data.extension,
      onPremise: subscription.data.on_premise,
      built: BUILT_FEATURES,
    }).some((route) => route.path === '/announcements');

  return (
    <Box component="footer" sx={{ px: 2.5, py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="caption" component="p" color="text.secondary" data-testid="frontend-version">
        {t('frontendVersion', { version: FRONTEND_VERSION })}
      </Typography>
      <Typography variant="caption" component="p" color="text.secondary" data-testid="backend-version">
        {t('backendVersion', { version: backend.data?.version ?? '–' })}
      </Typography>
      {showRelease && (
        <Link
          component={RouterLink}
          to="/announcements"
          variant="caption"
          underline="hover"
          data-testid="release-link"
          sx={{ display: 'inline-block', mt: 0.5, fontWeight: 600 }}
        >
          {t('whatsNew', { version: FRONTEND_VERSION })}
        </Link>
      )}
    </Box>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Location } from '@tagtrack/contract';
import { InfoList } from '../../../../components/info-list';
import { indexLocations, locationPathText } from '../../../../shared/locations/location-tree-utils';

/** Everything about one location: name, uuid, parent path, state, counts and metadata. */
export function LocationDetailsDialog({
  location,
  tree,
  onClose,
}: {
  location: Location;
  tree: readonly Location[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['locations', 'common']);
  const index = useMemo(() => indexLocations(tree), [tree]);
  const hasMetadata = Object.keys(location.metadata).length > 0;
  const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="location-details-title">
      <DialogTitle id="location-details-title">{t('detailsTitle')}</DialogTitle>
      <DialogContent dividers>
        <InfoList
          items={[
            { label: t('detailsName'), value: location.name, testId: 'location-details-name' },
            {
              label: t('detailsUuid'),
              value: (
                <Box component="span" sx={{ ...mono, wordBreak: 'break-all' }}>
                  {location.uuid}
                </Box>
              ),
              testId: 'location-details-uuid',
            },
            {
              label: t('detailsParent'),
              value: location.parent ? locationPathText(location.parent, index) : t('detailsNoParent'),
              testId: 'location-details-parent',
            },
            {
              label: t('detailsStatus'),
              value: (
                <Chip
                  size="small"
                  color={location.active ? 'success' : 'default'}
                  variant="outlined"
                  label={location.active ? t('detailsActive') : t('detailsInactive')}
                />
              ),
            },
            ...(location.special ? [{ label: t('detailsType'), value: t('detailsSystemLocation') }] : []),
            { label: t('detailsChildren'), value: location.children.length },
            { label: t('detailsItems'), value: location.items, testId: 'location-details-items' },
            { label: t('detailsProducts'), value: location.products, testId: 'location-details-products' },
            { label: t('detailsFloorPlan'), value: location.has_floor_plan ? t('detailsYes') : t('detailsNo') },
            { label: t('detailsImages'), value: location.image_count },
          ]}
        />
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
          {t('detailsMetadata')}
        </Typography>
        {hasMetadata ? (
          <Box
            component="pre"
            data-testid="location-details-metadata"
            sx={{
              ...mono,
              m: 0,
              p: 1.5,
              borderRadius: 2,
              bgcolor: 'grey.50',
              border: 1,
              borderColor: 'divider',
              overflowX: 'auto',
              maxHeight: 240,
            }}
          >
            {JSON.stringify(location.metadata, null, 2)}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('detailsNoMetadata')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

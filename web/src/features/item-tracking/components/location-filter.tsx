import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import type { Location } from '@tagtrack/contract';
import { LocationTreePicker } from '../../../components/location-tree-picker/location-tree-picker';
import { indexLocations, locationPathText } from '../../../components/location-tree-picker/location-tree-utils';

/** The location filter: a button naming the chosen locations that opens the tree picker (any node). */
export function LocationFilter({
  locations,
  loading,
  value,
  onChange,
}: {
  locations: readonly Location[];
  loading: boolean;
  value: readonly string[];
  onChange: (uuids: string[]) => void;
}) {
  const { t } = useTranslation('tracking');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const index = useMemo(() => indexLocations(locations), [locations]);
  const names = value.map((uuid) => index.byUuid.get(uuid)?.name ?? '…');
  const title = value.map((uuid) => locationPathText(uuid, index)).join('\n');
  return (
    <>
      <Badge color="primary" badgeContent={value.length > 1 ? value.length : 0}>
        <Button
          variant="outlined"
          color={value.length > 0 ? 'primary' : 'inherit'}
          startIcon={<PlaceIcon />}
          onClick={(event) => setAnchor(event.currentTarget)}
          title={title || undefined}
          data-testid="location-filter"
          sx={{ whiteSpace: 'nowrap', maxWidth: 240, justifyContent: 'flex-start', textTransform: 'none' }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {names.length === 0 ? t('allLocations') : names.join(', ')}
          </Box>
        </Button>
      </Badge>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Stack spacing={1} sx={{ p: 2, width: 360 }}>
          <LocationTreePicker
            locations={locations}
            loading={loading}
            value={value}
            onChange={onChange}
            multiple
            selectable={() => true}
            label={t('columnLocation')}
            testId="location-filter-tree"
          />
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Button size="small" onClick={() => onChange([])} disabled={value.length === 0}>
              {t('clearLocations')}
            </Button>
            <Button size="small" variant="contained" onClick={() => setAnchor(null)} data-testid="location-filter-done">
              {t('done')}
            </Button>
          </Stack>
        </Stack>
      </Popover>
    </>
  );
}

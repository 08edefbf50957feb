import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import type { Location } from '@tagtrack/contract';
import { LocationTreePicker } from '../../../components/location-tree-picker/location-tree-picker';
import { indexLocations, locationPathText } from '../../../components/location-tree-picker/location-tree-utils';

/**
 * The dashboard's location filter: a button naming the chosen location that opens the tree picker.
 * Any location may be chosen; the sensors there and below it are shown.
 */
export function LocationFilter({
  locations,
  loading,
  value,
  onChange,
}: {
  locations: readonly Location[];
  loading: boolean;
  value: string;
  onChange: (uuid: string) => void;
}) {
  const { t } = useTranslation('sensors');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const index = useMemo(() => indexLocations(locations), [locations]);
  const name = value ? (index.byUuid.get(value)?.name ?? '…') : t('allLocations');
  const choose = (uuid: string) => {
    onChange(uuid);
    setAnchor(null);
  };
  return (
    <>
      <Button
        variant="outlined"
        color={value ? 'primary' : 'inherit'}
        startIcon={<PlaceIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        title={value ? locationPathText(value, index) : undefined}
        aria-label={`${t('locationLabel')}: ${name}`}
        data-testid="sensor-location-filter"
        sx={{
          whiteSpace: 'nowrap',
          maxWidth: 240,
          minHeight: 40,
          justifyContent: 'flex-start',
          borderColor: value ? undefined : 'divider',
        }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {name}
        </Box>
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Stack spacing={1} sx={{ p: 2, width: { xs: 300, sm: 360 } }}>
          <LocationTreePicker
            locations={locations}
            loading={loading}
            value={value ? [value] : []}
            onChange={(uuids) => choose(uuids[0] ?? '')}
            selectable={() => true}
            label={t('locationLabel')}
            testId="sensor-location-tree"
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button size="small" onClick={() => choose('')} disabled={!value} data-testid="sensor-location-clear">
              {t('allLocations')}
            </Button>
          </Stack>
        </Stack>
      </Popover>
    </>
  );
}

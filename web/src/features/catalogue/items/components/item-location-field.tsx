import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isSelectableInPicker, type Location } from '@tagtrack/contract';
import { LocationTreePicker } from '../../../../shared/locations/location-tree-picker';
import { indexLocations, locationPathText } from '../../../../shared/locations/location-tree-utils';

/** Items are placed in active leaves; the Removed root only takes deleted items. */
const canHoldItem = (node: Location) => node.special !== 'removed' && isSelectableInPicker(node);

interface ItemLocationFieldProps {
  tree: readonly Location[] | undefined;
  /** '' means the default: the Unassigned root. */
  value: string;
  onChange: (uuid: string) => void;
  error?: string;
  disabled?: boolean;
}

/** The item's location: its path, and the shared tree picker (only active leaf locations selectable). */
export function ItemLocationField({ tree, value, onChange, error, disabled = false }: ItemLocationFieldProps) {
  const { t } = useTranslation(['items', 'locations']);
  const index = useMemo(() => indexLocations(tree ?? []), [tree]);
  const unassigned = useMemo(() => tree?.find((root) => root.special === 'unassigned'), [tree]);
  const current = value || unassigned?.uuid || '';
  const path = current ? locationPathText(current, index) : '';

  return (
    <Stack spacing={1.25} data-testid="item-location">
      <Typography variant="body2" color="text.secondary" data-testid="item-location-path">
        {t('locationChosen')}{' '}
        <Typography component="span" variant="body2" color="text.primary" sx={{ fontWeight: 500 }}>
          {path || '–'}
        </Typography>
      </Typography>
      <LocationTreePicker
        locations={tree ?? []}
        loading={!tree}
        value={current ? [current] : []}
        onChange={(uuids) => !disabled && uuids[0] && onChange(uuids[0])}
        selectable={canHoldItem}
        disabledReason={(node) => (node.children.length > 0 ? undefined : t('locationNotSelectable'))}
        label={t('location')}
        testId="item-location-picker"
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}

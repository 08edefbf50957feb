import { useMemo, useState, type ReactElement } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import type { Location } from '@tagtrack/contract';
import { LocationTreePicker } from './location-tree-picker';
import { indexLocations, locationPathText } from './location-tree-utils';

/** The filter's texts, in the words of the screen that shows it. */
export interface LocationFilterLabels {
  /** The button with nothing chosen. */
  all: string;
  /** The tree picker's label; choosing one location, the button's accessible name starts with it. */
  field: string;
  /** The button that empties the choice. */
  clear: string;
  /** Choosing several: the button that closes the picker. */
  done?: string;
}

interface Common {
  locations: readonly Location[];
  loading: boolean;
  labels: LocationFilterLabels;
  /** The button's test id; the tree, clear and done buttons take it with -tree, -clear and -done. */
  testId: string;
}

/** Several locations: the picker stays open until Done. */
interface Several extends Common {
  multiple: true;
  value: readonly string[];
  onChange: (uuids: string[]) => void;
}

/** One location, '' for all: choosing one, or clearing, closes the picker. */
interface One extends Common {
  multiple?: false;
  value: string;
  onChange: (uuid: string) => void;
}

/**
 * A list's location filter: a button naming the chosen locations (their paths in its tooltip) that
 * opens the location tree picker. Any location may be chosen; lists show what is there and below.
 */
export function LocationFilter(props: Several | One) {
  const { locations, loading, labels, testId } = props;
  const chosen: readonly string[] = props.multiple ? props.value : props.value ? [props.value] : [];
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const index = useMemo(() => indexLocations(locations), [locations]);
  const names = chosen.map((uuid) => index.byUuid.get(uuid)?.name ?? '…');
  const text = names.length === 0 ? labels.all : names.join(', ');
  const title = chosen.map((uuid) => locationPathText(uuid, index)).join('\n');

  const choose = (uuids: string[]) => {
    if (props.multiple) return props.onChange(uuids);
    props.onChange(uuids[0] ?? '');
    setAnchor(null);
  };

  const button: ReactElement = (
    <Button
      variant="outlined"
      color={chosen.length > 0 ? 'primary' : 'inherit'}
      startIcon={<PlaceIcon />}
      onClick={(event) => setAnchor(event.currentTarget)}
      title={title || undefined}
      aria-label={props.multiple ? undefined : `${labels.field}: ${text}`}
      data-testid={testId}
      sx={{
        whiteSpace: 'nowrap',
        maxWidth: 240,
        justifyContent: 'flex-start',
        textTransform: 'none',
        ...(props.multiple ? {} : { minHeight: 40, borderColor: chosen.length > 0 ? undefined : 'divider' }),
      }}
    >
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {text}
      </Box>
    </Button>
  );

  return (
    <>
      {props.multiple ? (
        <Badge color="primary" badgeContent={chosen.length > 1 ? chosen.length : 0}>
          {button}
        </Badge>
      ) : (
        button
      )}
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Stack spacing={1} sx={{ p: 2, width: props.multiple ? 360 : { xs: 300, sm: 360 } }}>
          <LocationTreePicker
            locations={locations}
            loading={loading}
            value={chosen}
            onChange={choose}
            multiple={props.multiple}
            selectable={() => true}
            label={labels.field}
            testId={`${testId}-tree`}
          />
          <Stack direction="row" sx={{ justifyContent: props.multiple ? 'space-between' : 'flex-end' }}>
            <Button
              size="small"
              onClick={() => choose([])}
              disabled={chosen.length === 0}
              data-testid={`${testId}-clear`}
            >
              {labels.clear}
            </Button>
            {props.multiple && (
              <Button size="small" variant="contained" onClick={() => setAnchor(null)} data-testid={`${testId}-done`}>
                {labels.done}
              </Button>
            )}
          </Stack>
        </Stack>
      </Popover>
    </>
  );
}

import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  LOCATION_TREE_PANEL_HEIGHT,
  SEARCH_DEBOUNCE_MS,
  isSelectableInPicker,
  type Location,
} from '@tagtrack/contract';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SearchField } from '../../components/search-field';
import { LocationName } from './location-name';
import { ancestorUuids, filterLocationTree, indexLocations, parentUuids } from './location-tree-utils';

export interface LocationTreePickerProps {
  locations: readonly Location[];
  /** The chosen uuids (at most one without `multiple`). */
  value: readonly string[];
  onChange: (uuids: string[]) => void;
  /** Checkboxes and several choices; otherwise a click picks one location. */
  multiple?: boolean;
  /** Which nodes may be chosen; by default only active leaves (spec 01 §5). */
  selectable?: (node: Location) => boolean;
  /** Locations that may not be chosen whatever `selectable` says (e.g. already in an inventory session). */
  disabledUuids?: readonly string[];
  /** Why a node cannot be chosen, shown in its tooltip. */
  disabledReason?: (node: Location) => string | undefined;
  /** Accessible name of the tree. */
  label?: string;
  height?: number;
  loading?: boolean;
  /** Test id prefix of the rows and the filter box. */
  testId?: string;
}

/**
 * The shared location tree picker (spec 01 §2.14): a filter box (700 ms, name or uuid, keeping the
 * ancestors of matches), an expandable tree in a 330 px panel, single choice or checkboxes.
 */
export function LocationTreePicker({
  locations,
  value,
  onChange,
  multiple = false,
  selectable = isSelectableInPicker,
  disabledUuids,
  disabledReason,
  label,
  height = LOCATION_TREE_PANEL_HEIGHT,
  loading = false,
  testId = 'location-picker',
}: LocationTreePickerProps) {
  const { t } = useTranslation('locations');
  const [filter, setFilter] = useState('');
  const debouncedFilter = useDebouncedValue(filter, SEARCH_DEBOUNCE_MS);
  const index = useMemo(() => indexLocations(locations), [locations]);
  const visible = useMemo(() => filterLocationTree(locations, debouncedFilter), [locations, debouncedFilter]);
  // Until the user opens or closes a branch: the roots open, and the way to the chosen locations
  // and into them (a chosen parent shows its children).
  const [expandedState, setExpanded] = useState<ReadonlySet<string> | null>(null);
  const expanded = useMemo(
    () => expandedState ?? new Set([...locations.map((root) => root.uuid), ...ancestorUuids(value, index), ...value]),
    [expandedState, locations, value, index],
  );
  const filtering = debouncedFilter.trim() !== '';
  // While filtering every branch that survived is open, so the matches are in view.
  const open = useMemo(() => (filtering ? new Set(parentUuids(visible)) : expanded), [filtering, visible, expanded]);
  const chosen = useMemo(() => new Set(value), [value]);
  const disabled = useMemo(() => new Set(disabledUuids), [disabledUuids]);

  const toggleOpen = (uuid: string, next = !open.has(uuid)) => {
    const copy = new Set(open);
    if (next) copy.add(uuid);
    else copy.delete(uuid);
    setExpanded(copy);
  };
  const canChoose = (node: Location) => !disabled.has(node.uuid) && selectable(node);
  const choose = (node: Location) => {
    if (!canChoose(node)) {
      if (node.children.length > 0) toggleOpen(node.uuid);
      return;
    }
    if (!multiple) onChange([node.uuid]);
    else onChange(chosen.has(node.uuid) ? value.filter((uuid) => uuid !== node.uuid) : [...value, node.uuid]);
  };

  const renderNode = (node: Location, depth: number) => {
    const hasChildren = node.children.length > 0;
    const isOpen = hasChildren && open.has(node.uuid);
    const choosable = canChoose(node);
    const isChosen = chosen.has(node.uuid);
    const reason = choosable ? undefined : disabledReason?.(node);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight' && hasChildren && !isOpen) toggleOpen(node.uuid, true);
      else if (event.key === 'ArrowLeft' && isOpen) toggleOpen(node.uuid, false);
      else return;
      event.preventDefault();
    };
    const row = (
      <ListItemButton
        role="treeitem"
        aria-level={depth + 1}
        aria-expanded={hasChildren ? isOpen : undefined}
        aria-selected={isChosen}
        aria-disabled={!choosable}
        aria-label={node.name}
        selected={!multiple && isChosen}
        onClick={() => choose(node)}
        onKeyDown={onKeyDown}
        data-testid={`${testId}-node`}
        data-uuid={node.uuid}
        sx={{ pl: 0.5 + depth * 2.25, pr: 1, py: 0.25, mx: 0.5, minHeight: 36, gap: 0.5 }}
      >
        {hasChildren ? (
          <IconButton
            size="small"
            tabIndex={-1}
            aria-label={isOpen ? t('pickerCollapse') : t('pickerExpand')}
            onClick={(event) => {
              event.stopPropagation();
              toggleOpen(node.uuid);
            }}
            sx={{ p: 0.25 }}
          >
            <ChevronRightIcon
              fontSize="small"
              sx={{ transition: 'transform 150ms', transform: isOpen ? 'rotate(90deg)' : 'none' }}
            />
          </IconButton>
        ) : (
          <Box sx={{ width: 28, flexShrink: 0 }} />
        )}
        {multiple && (
          <Checkbox
            size="small"
            checked={isChosen}
            disabled={!choosable}
            tabIndex={-1}
            disableRipple
            sx={{ p: 0.25 }}
            // Named as its location, so a screen reader (and a test) finds it by role and name.
            slotProps={{ input: { 'aria-label': node.name } }}
          />
        )}
        <LocationName
          name={node.name}
          variant="body2"
          noWrap
          sx={{
            color: choosable ? 'text.primary' : 'text.disabled',
            fontWeight: isChosen ? 600 : 400,
            minWidth: 0,
          }}
        />
      </ListItemButton>
    );
    return (
      <Box component="li" role="none" key={node.uuid} sx={{ listStyle: 'none' }}>
        {reason ? (
          <Tooltip title={reason} placement="right" enterDelay={400}>
            {row}
          </Tooltip>
        ) : (
          row
        )}
        {hasChildren && (
          <Collapse in={isOpen} unmountOnExit timeout={150}>
            <List disablePadding role="group" dense>
              {node.children.map((child) => renderNode(child, depth + 1))}
            </List>
          </Collapse>
        )}
      </Box>
    );
  };

  return (
    <Stack spacing={1.25}>
      <SearchField
        label={t('pickerFilter')}
        placeholder={t('pickerFilterPlaceholder')}
        value={filter}
        onChange={setFilter}
        testId={`${testId}-filter`}
      />
      <Box
        sx={{
          height,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'background.paper',
          py: 0.5,
        }}
      >
        {loading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
            <CircularProgress size={28} aria-label={t('pickerLoading')} />
          </Box>
        ) : visible.length === 0 ? (
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', px: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t('pickerEmpty')}
            </Typography>
          </Box>
        ) : (
          <List role="tree" aria-label={label ?? t('pickerTreeLabel')} aria-multiselectable={multiple} dense>
            {visible.map((root) => renderNode(root, 0))}
          </List>
        )}
      </Box>
      {multiple && (
        <Typography variant="caption" color="text.secondary" data-testid={`${testId}-count`}>
          {t('pickerSelected', { n: value.length })}
        </Typography>
      )}
    </Stack>
  );
}

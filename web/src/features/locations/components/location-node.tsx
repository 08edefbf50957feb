import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import FolderOpenIcon from '@mui/icons-material/FolderOpenOutlined';
import ImageIcon from '@mui/icons-material/PhotoLibraryOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import type { Location } from '@tagtrack/contract';
import { CountHint } from '../../../components/count-hint';
import { LocationName } from '../../../shared/locations/location-name';
import { isGreyed, locationMenuEntries, type LocationAction, type LocationMenuContext } from '../model/location-menu';
import { LocationNodeMenu } from './location-node-menu';

export interface LocationNodeProps {
  node: Location;
  depth: number;
  expanded: ReadonlySet<string>;
  onToggle: (uuid: string) => void;
  menu: LocationMenuContext;
  onAction: (action: LocationAction, node: Location) => void;
}

function NodeIcon({ node, open }: { node: Location; open: boolean }) {
  const sx = { fontSize: 20, color: node.special ? 'text.secondary' : 'primary.main' };
  if (node.special) return <LockIcon sx={sx} />;
  if (node.children.length === 0) return <PlaceIcon sx={sx} />;
  return open ? <FolderOpenIcon sx={sx} /> : <FolderIcon sx={sx} />;
}

/** One row of the location tree (name, counts, floor plan and image marks, menu) and its children. */
export function LocationNode({ node, depth, expanded, onToggle, menu, onAction }: LocationNodeProps) {
  const { t } = useTranslation('locations');
  const hasChildren = node.children.length > 0;
  const open = hasChildren && expanded.has(node.uuid);
  const greyed = isGreyed(node);

  return (
    <Box
      component="li"
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={hasChildren ? open : undefined}
      aria-label={node.name}
      data-testid="location-node"
      data-uuid={node.uuid}
      data-inactive={greyed || undefined}
      data-special={node.special ?? undefined}
      sx={{ listStyle: 'none' }}
    >
      <Stack
        direction="row"
        spacing={1}
        onClick={hasChildren ? () => onToggle(node.uuid) : undefined}
        sx={(theme) => ({
          alignItems: 'center',
          minHeight: 44,
          pl: 0.5,
          pr: 0.5,
          borderRadius: 2,
          cursor: hasChildren ? 'pointer' : 'default',
          '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.05) },
          // Greyed: the icon and the counts fade; the name turns to the disabled colour, the menu stays.
          '& [data-fade]': { opacity: greyed ? 0.5 : 1 },
        })}
      >
        {hasChildren ? (
          <IconButton
            size="small"
            aria-label={open ? t('collapse') : t('expand')}
            onClick={(event) => {
              event.stopPropagation();
              onToggle(node.uuid);
            }}
            sx={{ p: 0.5 }}
          >
            <ChevronRightIcon
              fontSize="small"
              sx={{ transition: 'transform 150ms', transform: open ? 'rotate(90deg)' : 'none' }}
            />
          </IconButton>
        ) : (
          <Box sx={{ width: 30, flexShrink: 0 }} />
        )}
        <Box data-fade sx={{ display: 'flex' }}>
          <NodeIcon node={node} open={open} />
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0, flex: 1, flexWrap: 'wrap' }}>
          <LocationName
            name={node.name}
            variant="body2"
            data-testid="location-node-name"
            sx={{ fontWeight: depth === 0 ? 600 : 500, color: greyed ? 'text.disabled' : 'text.primary' }}
          />
          <Typography
            variant="caption"
            color="text.secondary"
            data-testid="location-node-counts"
            data-fade
            sx={{ whiteSpace: 'nowrap' }}
          >
            <CountHint rule="all">
              {t('counts', {
                items: t('itemCount', { count: node.items }),
                products: t('productCount', { count: node.products }),
              })}
            </CountHint>
          </Typography>
        </Stack>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexShrink: 0 }}>
          {node.has_floor_plan && (
            <Tooltip title={t('hasFloorPlan')}>
              <MapIcon
                fontSize="small"
                color="action"
                data-testid="location-node-floor-plan"
                aria-label={t('hasFloorPlan')}
                aria-hidden={false}
              />
            </Tooltip>
          )}
          {node.image_count > 0 && (
            <Tooltip title={t('hasImages', { n: node.image_count })}>
              <ImageIcon
                fontSize="small"
                color="action"
                data-testid="location-node-images"
                aria-label={t('hasImages', { n: node.image_count })}
                aria-hidden={false}
              />
            </Tooltip>
          )}
          {node.special && <Chip size="small" variant="outlined" label={t('system')} />}
          {greyed && <Chip size="small" label={t('inactive')} data-testid="location-node-inactive" />}
          <Box onClick={(event) => event.stopPropagation()}>
            <LocationNodeMenu node={node} entries={locationMenuEntries(node, menu)} onAction={onAction} />
          </Box>
        </Stack>
      </Stack>
      {hasChildren && (
        <Collapse in={open} unmountOnExit timeout={150}>
          <Box
            component="ul"
            role="group"
            sx={{ m: 0, p: 0, pl: 1.5, ml: 2.25, borderLeft: 1, borderColor: 'divider' }}
          >
            {node.children.map((child) => (
              <LocationNode
                key={child.uuid}
                node={child}
                depth={depth + 1}
                expanded={expanded}
                onToggle={onToggle}
                menu={menu}
                onAction={onAction}
              />
            ))}
          </Box>
        </Collapse>
      )}
    </Box>
  );
}

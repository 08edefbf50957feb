import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditLocationAltOutlinedIcon from '@mui/icons-material/EditLocationAltOutlined';
import type { FloorPlanShape } from '@tagtrack/contract';
import { useCountRuleText } from '../../../../components/count-hint';
import type { ItemListLink } from './item-list-link';
import type { LocationOption } from '../../model/location-options';
import { SHAPE_COLOURS } from './shape-node';
import { SHAPE_LABEL_KEYS, ShapeIcon } from './shape-kinds';

interface ShapeListProps {
  shapes: readonly FloorPlanShape[];
  locations: ReadonlyMap<string, LocationOption>;
  planName: string;
  editing: boolean;
  canWrite: boolean;
  selectedId: string | null;
  /** The item list link of a shape's location, when that screen exists. */
  linkFor: (location: LocationOption) => ItemListLink | null;
  onSelect: (id: string) => void;
  onChangeLocation: (id: string) => void;
  onDelete: (id: string) => void;
}

/** The marked locations as a list: the canvas's accessible twin, and the way to pick a shape. */
export function ShapeList(props: ShapeListProps) {
  const { t } = useTranslation('locationFiles');
  const countRule = useCountRuleText();
  const { shapes, locations, editing, selectedId } = props;

  return (
    <Card sx={{ height: '100%' }} data-testid="floor-plan-shape-list">
      <CardHeader
        title={t('shapesTitle')}
        subheader={shapes.length > 0 && !editing ? countRule('all') : undefined}
        slotProps={{ subheader: { variant: 'caption', 'data-testid': 'floor-plan-count-rule' } }}
        action={<Chip size="small" label={shapes.length} sx={{ mt: 0.5, mr: 0.5 }} />}
      />
      {shapes.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2, pb: 2.5 }}>
          {t('noShapes')} {props.canWrite && !editing && t('noShapesWriter')}
        </Typography>
      ) : (
        <List dense sx={{ pt: 0, maxHeight: 560, overflow: 'auto' }}>
          {shapes.map((shape) => {
            const location = locations.get(shape.location);
            const name = location?.name ?? t('unknownLocation', { name: props.planName });
            const link = !editing && location ? props.linkFor(location) : null;
            const icon = (
              <ListItemIcon sx={{ minWidth: 34 }}>
                <ShapeIcon
                  kind={shape.type}
                  fontSize="small"
                  sx={{ color: shape.type === 'dot' ? SHAPE_COLOURS.dot : SHAPE_COLOURS.stroke }}
                />
              </ListItemIcon>
            );
            const text = (
              <ListItemText
                primary={name}
                secondary={[
                  t(SHAPE_LABEL_KEYS[shape.type]),
                  location && !editing ? t('items', { count: location.items }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{
                  primary: { noWrap: true, title: location?.path, sx: { fontWeight: 500 } },
                }}
              />
            );
            if (editing) {
              return (
                <ListItem
                  key={shape.id}
                  disablePadding
                  data-testid="floor-plan-shape-row"
                  secondaryAction={
                    <Stack direction="row">
                      <Tooltip title={t('changeLocation')}>
                        <IconButton
                          size="small"
                          aria-label={t('changeLocation')}
                          onClick={() => props.onChangeLocation(shape.id)}
                        >
                          <EditLocationAltOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('deleteShape')}>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={t('deleteShape')}
                          onClick={() => props.onDelete(shape.id)}
                        >
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  }
                >
                  <ListItemButton
                    selected={shape.id === selectedId}
                    onClick={() => props.onSelect(shape.id)}
                    sx={{ pr: 10 }}
                  >
                    {icon}
                    {text}
                  </ListItemButton>
                </ListItem>
              );
            }
            return link ? (
              <ListItem key={shape.id} disablePadding data-testid="floor-plan-shape-row">
                <ListItemButton component={RouterLink} to={link.to} state={link.state} aria-label={link.label}>
                  {icon}
                  {text}
                </ListItemButton>
              </ListItem>
            ) : (
              <ListItem key={shape.id} data-testid="floor-plan-shape-row" sx={{ px: 3 }}>
                {icon}
                {text}
              </ListItem>
            );
          })}
        </List>
      )}
    </Card>
  );
}

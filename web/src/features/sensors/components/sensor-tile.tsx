import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { formatLimits, formatMeasurement, type SensorLatest } from '@tagtrack/contract';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { SensorStatusChip } from './sensor-status-chip';
import { useMeasurementTypeName } from '../../../shared/sensors/use-measurement-type-name';

const ACCENT = { alert: 'error.main', ok: 'success.main', unwatched: 'grey.400' } as const;

/** One sensor's latest value of one type: its product, value with the unit, status, limits, place and time. */
export function SensorTile({
  sensor,
  typeName,
  locationName,
  locationPath,
  selected,
  onSelect,
}: {
  sensor: SensorLatest;
  typeName: string;
  locationName: string;
  locationPath: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation('sensors');
  const limits = formatLimits(sensor.limits, sensor.symbol, i18n.language);
  const typeLabel = useMeasurementTypeName()(typeName);
  return (
    <Card
      data-testid="sensor-tile"
      data-sensor={sensor.sensor}
      data-selected={selected}
      sx={{
        height: '100%',
        position: 'relative',
        borderColor: selected ? 'primary.main' : undefined,
        boxShadow: selected ? (theme) => `0 0 0 1px ${theme.palette.primary.main}` : undefined,
        bgcolor: selected ? (theme) => alpha(theme.palette.primary.main, 0.03) : undefined,
        // The status shows as the tile's left edge too, so an alert stands out in a full grid.
        '&::before': {
          content: '""',
          position: 'absolute',
          insetBlock: 0,
          left: 0,
          width: 4,
          bgcolor: ACCENT[sensor.status],
        },
      }}
    >
      <CardActionArea
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={t('openChartOf', { sensor: sensor.sensor, type: typeLabel })}
        sx={{ height: '100%', p: 2, pl: 2.5, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Typography
          variant="subtitle2"
          sx={{ overflowWrap: 'anywhere', lineHeight: 1.35 }}
          data-testid="sensor-tile-product"
        >
          {sensor.product_name}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ fontFamily: 'monospace', fontSize: '0.72rem', wordBreak: 'break-all', lineHeight: 1.4 }}
          data-testid="sensor-tile-epc"
        >
          {sensor.sensor}
        </Typography>
        <Stack
          direction="row"
          useFlexGap
          sx={{ alignItems: 'baseline', columnGap: 1, flexWrap: 'wrap', minWidth: 0, mt: 1.25, mb: 1 }}
        >
          <Typography
            component="div"
            sx={{
              fontSize: '1.875rem',
              fontWeight: 650,
              lineHeight: 1.1,
              letterSpacing: '-0.02em',
              fontVariantNumeric: 'tabular-nums',
              // A long value wraps inside the tile rather than running past its edge.
              overflowWrap: 'anywhere',
              minWidth: 0,
              color: sensor.status === 'alert' ? 'error.main' : 'text.primary',
            }}
            data-testid="sensor-tile-value"
          >
            {formatMeasurement(sensor.value, sensor.symbol, i18n.language)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {typeLabel}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <SensorStatusChip status={sensor.status} />
          <Typography variant="body2" color="text.secondary" data-testid="sensor-tile-limits">
            {limits ? t('limitsText', { limits }) : t('noLimits')}
          </Typography>
        </Stack>
        <Box sx={{ flexGrow: 1 }} />
        <Stack spacing={0.5} sx={{ mt: 1.5, pt: 1.25, borderTop: 1, borderColor: 'divider' }}>
          <Tooltip title={locationPath} placement="bottom-start" disableHoverListener={!locationPath}>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
              <PlaceIcon sx={{ fontSize: 16, color: 'text.secondary' }} />
              <Typography variant="body2" noWrap data-testid="sensor-tile-location">
                {locationName}
              </Typography>
            </Stack>
          </Tooltip>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <AccessTimeIcon sx={{ fontSize: 16, color: 'text.secondary' }} />
            <Typography variant="body2" color="text.secondary" noWrap data-testid="sensor-tile-time">
              {formatTimestamp(sensor.time)}
            </Typography>
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import {
  SERIES_RANGES,
  formatLimits,
  formatMeasurement,
  type MeasurementSeries,
  type SensorLatest,
  type SeriesRange,
} from '@tagtrack/contract';
import { EmptyState } from '../../../components/empty-state';
import { SensorStatusChip } from './sensor-status-chip';

const CHART_HEIGHT = 320;
// The charting library loads with the first chart opened, not with the dashboard's tiles.
const SeriesChart = lazy(async () => ({ default: (await import('./series-chart')).SeriesChart }));

/** The lowest, highest and mean value of a series' points (a bucket's mean counts once). */
function summary(series: MeasurementSeries) {
  if (series.points.length === 0) return null;
  return {
    low: Math.min(...series.points.map((p) => p.low)),
    high: Math.max(...series.points.map((p) => p.high)),
    mean: series.points.reduce((sum, p) => sum + p.value, 0) / series.points.length,
  };
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 96 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The chosen sensor's chart: its product and place, the range (1 h, 24 h, 7 d), the lowest,
 * highest and mean value of the range, and the line with the rules' limits.
 */
export function SensorChartCard({
  sensor,
  tile,
  typeLabel,
  range,
  onRange,
  onClose,
  query,
}: {
  sensor: string;
  /** The sensor's tile, when it is on the page: its product, place and status. */
  tile: SensorLatest | undefined;
  typeLabel: string;
  range: SeriesRange;
  onRange: (range: SeriesRange) => void;
  onClose: () => void;
  query: {
    data?: MeasurementSeries;
    isPending: boolean;
    isFetching: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
}) {
  const { t, i18n } = useTranslation(['sensors', 'common']);
  const series = query.data;
  const stats = series ? summary(series) : null;
  const format = (value: number) => formatMeasurement(value, series?.symbol ?? tile?.symbol ?? '', i18n.language);
  const limits = series ? formatLimits(series.limits, series.symbol, i18n.language) : '';
  const title = tile ? `${tile.product_name} · ${typeLabel}` : typeLabel;

  return (
    <Card data-testid="sensor-chart" data-range={range} sx={{ position: 'relative' }}>
      {query.isFetching && !query.isPending && (
        <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} />
      )}
      <CardHeader
        avatar={<ShowChartIcon color="primary" />}
        title={title}
        subheader={
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }} data-testid="sensor-chart-epc">
            {sensor}
          </Box>
        }
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={range}
              onChange={(_, next: SeriesRange | null) => next && onRange(next)}
              aria-label={t('rangeLabel')}
            >
              {SERIES_RANGES.map((option) => (
                <ToggleButton key={option} value={option} sx={{ px: 1.5 }} data-testid={`sensor-range-${option}`}>
                  {t(`range_${option}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Tooltip title={t('closeChart')}>
              <IconButton aria-label={t('closeChart')} onClick={onClose} data-testid="sensor-chart-close">
                <CloseIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        }
        sx={{
          flexWrap: 'wrap',
          rowGap: 1,
          // The title keeps its line beside the icon; the range buttons wrap below it when narrow.
          '& .MuiCardHeader-content': { flex: '1 1 220px', minWidth: 0 },
          '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack
          direction="row"
          spacing={3}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1.5, rowGap: 1 }}
          data-testid="sensor-chart-summary"
        >
          {tile && <SensorStatusChip status={tile.status} />}
          {tile && <Figure label={t('latestValue')} value={format(tile.value)} testId="sensor-chart-latest" />}
          {stats && <Figure label={t('seriesLowest')} value={format(stats.low)} testId="sensor-chart-lowest" />}
          {stats && <Figure label={t('seriesHighest')} value={format(stats.high)} testId="sensor-chart-highest" />}
          {stats && <Figure label={t('seriesAverage')} value={format(stats.mean)} testId="sensor-chart-average" />}
          <Figure label={t('limitsLabel')} value={limits || t('noLimits')} testId="sensor-chart-limits" />
          <Typography variant="body2" color="text.secondary" sx={{ ml: { md: 'auto' } }}>
            {t(`rangeHint_${range}`)}
          </Typography>
        </Stack>
        {query.isPending ? (
          <Skeleton variant="rounded" height={CHART_HEIGHT} />
        ) : query.isError && !series ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {t('common:retry')}
              </Button>
            }
          >
            {t('chartLoadFailed')}
          </Alert>
        ) : series && series.points.length > 0 ? (
          <Box sx={{ mx: -1 }} data-testid="sensor-chart-plot" data-points={series.points.length}>
            <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
              <SeriesChart series={series} height={CHART_HEIGHT} />
            </Suspense>
          </Box>
        ) : (
          <Box sx={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center' }} data-testid="sensor-chart-empty">
            <EmptyState icon={<ShowChartIcon />} title={t('chartEmpty')} text={t('chartEmptyText')} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

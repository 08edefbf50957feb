import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme, alpha } from '@mui/material/styles';
import { LineChart, lineClasses, type LineSeries } from '@mui/x-charts/LineChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { formatMeasurement, type MeasurementSeries } from '@tagtrack/contract';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { chartRows, isAggregated, isIsolated, timeTickFormatter, valueDomain } from '../model/series-chart';

const BAND_BASE = 'band-base';
const BAND_SPREAD = 'band-spread';

/**
 * One sensor's series as a line over time (@mui/x-charts): the value (a bucket's mean for the
 * day and week, with its lowest-to-highest band shaded), the rules' low and high limits as dashed
 * lines, gaps where the sensor was silent.
 */
export function SeriesChart({ series, height = 320 }: { series: MeasurementSeries; height?: number }) {
  const { t, i18n } = useTranslation('sensors');
  const theme = useTheme();
  const language = i18n.language;
  const aggregated = isAggregated(series.range);
  const rows = useMemo(() => chartRows(series.points, series.range), [series.points, series.range]);
  const domain = useMemo(() => valueDomain(series.points, series.limits), [series.points, series.limits]);
  const tick = useMemo(() => timeTickFormatter(series.range, language), [series.range, language]);
  const format = (value: number | null) => (value === null ? '' : formatMeasurement(value, series.symbol, language));
  const line = theme.palette.primary.main;
  const limitColor = theme.palette.error.main;

  const valueSeries: LineSeries = {
    id: 'value',
    dataKey: 'value',
    label: aggregated ? t('seriesAverage') : t('seriesValue'),
    color: line,
    curve: aggregated ? 'monotoneX' : 'linear',
    shape: 'circle',
    showMark: ({ index }) => isIsolated(rows, index),
    valueFormatter: (value) => format(value),
  };
  // The band is two stacked areas: an invisible one up to the lowest value, then the spread to the highest.
  const band: LineSeries[] = aggregated
    ? [
        {
          id: BAND_BASE,
          dataKey: 'low',
          stack: 'band',
          area: true,
          color: 'transparent',
          showMark: false,
          disableHighlight: true,
          label: t('seriesLowest'),
          valueFormatter: (value) => format(value),
        },
        {
          id: BAND_SPREAD,
          valueGetter: (row) => {
            const { low, high } = row as { low: number | null; high: number | null };
            return low === null || high === null ? null : high - low;
          },
          stack: 'band',
          area: true,
          color: alpha(line, 0.16),
          showMark: false,
          disableHighlight: true,
          label: t('seriesHighest'),
          valueFormatter: (_, { dataIndex }) => format(rows[dataIndex]?.high ?? null),
        },
      ]
    : [];

  return (
    <LineChart
      dataset={rows as unknown as Record<string, Date | number | null>[]}
      series={[...band, valueSeries]}
      xAxis={[
        {
          scaleType: 'time',
          dataKey: 'time',
          min: new Date(series.from),
          max: new Date(series.to),
          valueFormatter: (value: Date, context) =>
            context.location === 'tick' ? tick(value) : formatTimestamp(value),
          tickNumber: 6,
          // Room for a line of tick labels in any font (the default clips them in some).
          height: 32,
        },
      ]}
      yAxis={[{ min: domain.min, max: domain.max, width: 56, valueFormatter: (value: number) => format(value) }]}
      height={height}
      hideLegend
      skipAnimation
      grid={{ horizontal: true }}
      margin={{ top: 16, right: 16, bottom: 8, left: 8 }}
      sx={{
        [`& .${lineClasses.line}[data-series="${BAND_BASE}"], & .${lineClasses.line}[data-series="${BAND_SPREAD}"]`]: {
          display: 'none',
        },
        [`& .${lineClasses.line}[data-series="value"]`]: { strokeWidth: 2 },
      }}
      data-testid="sensor-chart-svg"
    >
      {series.limits.low !== null && (
        <ChartsReferenceLine
          y={series.limits.low}
          label={t('lowLimit', { value: format(series.limits.low) })}
          labelAlign="start"
          lineStyle={{ stroke: limitColor, strokeDasharray: '6 4', strokeWidth: 1.5 }}
          labelStyle={{ fill: limitColor, fontSize: 12 }}
        />
      )}
      {series.limits.high !== null && (
        <ChartsReferenceLine
          y={series.limits.high}
          label={t('highLimit', { value: format(series.limits.high) })}
          labelAlign="start"
          lineStyle={{ stroke: limitColor, strokeDasharray: '6 4', strokeWidth: 1.5 }}
          labelStyle={{ fill: limitColor, fontSize: 12 }}
        />
      )}
    </LineChart>
  );
}

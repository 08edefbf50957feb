import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TouchAppOutlinedIcon from '@mui/icons-material/TouchAppOutlined';
import type { SensorLatest } from '@tagtrack/contract';
import { PollingSelect, refetchEvery, usePollingInterval } from '../../../components/list-controls';
import { ListToolbar, useListState } from '../../../components/paged-table';
import { PageHeader } from '../../../components/page-header';
import { productLabel } from '../../../shared/catalogue/product-multi-select';
import { usePickerProducts } from '../../../shared/catalogue/picker-queries';
import { useWholeLocationTree } from '../../../shared/locations/get-whole-location-tree';
import { useMeasurementTypes } from '../../../shared/sensors/get-measurement-types';
import { useMeasurementTypeName } from '../../../shared/sensors/use-measurement-type-name';
import { useMeasurementSeries } from '../api/get-measurement-series';
import { useMeasurements } from '../api/list-measurements';
import { useSensors } from '../api/list-sensors';
import { LocationFilter } from '../../../shared/locations/location-filter';
import { MeasurementTable } from '../components/measurement-table';
import { SensorChartCard } from '../components/sensor-chart-card';
import { SensorTiles } from '../components/sensor-tiles';
import {
  MEASUREMENT_LIST_OPTIONS,
  SENSOR_LIST_OPTIONS,
  SENSOR_SORTS,
  measurementQueryParams,
  sensorQueryParams,
} from '../model/dashboard-state';
import { seriesParams } from '../model/series-chart';
import { useChartSelection } from '../model/use-chart-selection';

const SORT_LABEL = {
  product_name: 'sortProductAsc',
  '-product_name': 'sortProductDesc',
  location_name: 'sortLocation',
  '-time': 'sortNewest',
  time: 'sortOldest',
  '-value': 'sortHighest',
  value: 'sortLowest',
} as const satisfies Record<(typeof SENSOR_SORTS)[number], string>;

/**
 * The sensor dashboard (/sensor-dashboard/, with the sensor extension): each sensor's latest value
 * as a tile with its status against the rules' limits, filtered by product, location and type;
 * a chosen sensor's chart over the last hour, day or week; and the measurements below. The
 * latest values and the open chart refresh at the 'sensor' polling interval (5 s by default).
 */
export function SensorDashboardPage() {
  const { t } = useTranslation(['sensors', 'menu']);
  const polling = refetchEvery(usePollingInterval('sensor'));
  const state = useListState(SENSOR_LIST_OPTIONS);
  const { filters } = state;
  const measurementState = useListState(MEASUREMENT_LIST_OPTIONS);
  const { selection, range, select, setRange } = useChartSelection();
  const sensors = useSensors(sensorQueryParams(filters, state.query), polling);
  const series = useMeasurementSeries(
    selection ? seriesParams(selection.sensor, selection.type, range) : null,
    polling,
  );
  const measurements = useMeasurements(
    measurementQueryParams(filters, selection?.sensor ?? null, measurementState.query),
    polling,
  );
  const types = useMeasurementTypes();
  const products = usePickerProducts({ sensorOnly: true });
  const tree = useWholeLocationTree();
  const typeName = useMeasurementTypeName();
  const chartRef = useRef<HTMLDivElement>(null);
  // A tile's click brings its chart into view once it is drawn (not a chart opened by a link).
  const scrollToChart = useRef(false);
  const chosen = selection ? `${selection.sensor}|${selection.type}` : '';
  useEffect(() => {
    if (!chosen || !scrollToChart.current) return;
    scrollToChart.current = false;
    chartRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [chosen]);

  const choose = (sensor: SensorLatest) => {
    const same = selection?.sensor === sensor.sensor && selection.type === sensor.measurement_type;
    scrollToChart.current = !same;
    select(same ? null : { sensor: sensor.sensor, type: sensor.measurement_type });
  };
  const typeList = types.data ?? [];
  const tile = sensors.data?.results.find(
    (row) => row.sensor === selection?.sensor && row.measurement_type === selection.type,
  );
  const selectedType = typeList.find((type) => type.uuid === selection?.type);
  const filtered = Boolean(state.term || filters.product || filters.location || filters.measurement_type);
  const productOptions = products.data ?? [];
  const knownProduct = filters.product === '' || productOptions.some((p) => String(p.id) === filters.product);

  return (
    <>
      <PageHeader
        title={t('menu:sensorData')}
        subtitle={t('subtitle')}
        actions={<PollingSelect view="sensor" testId="sensor-polling" />}
      />
      <Card sx={{ mb: 2.5 }}>
        <ListToolbar
          state={state}
          searchLabel={t('searchLabel')}
          searchPlaceholder={t('searchPlaceholder')}
          testId="sensors"
          filters={
            <>
              <TextField
                select
                size="small"
                label={t('productLabel')}
                value={knownProduct ? filters.product : ''}
                onChange={(event) => state.setFilters({ product: event.target.value })}
                slotProps={{
                  htmlInput: { 'data-testid': 'sensor-product-filter' },
                  select: { displayEmpty: true },
                  inputLabel: { shrink: true },
                }}
              >
                <MenuItem value="">{t('allProducts')}</MenuItem>
                {productOptions.map((product) => (
                  <MenuItem key={product.id} value={String(product.id)}>
                    {productLabel(product)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('typeLabel')}
                value={typeList.some((type) => type.uuid === filters.measurement_type) ? filters.measurement_type : ''}
                onChange={(event) => state.setFilters({ measurement_type: event.target.value })}
                slotProps={{
                  htmlInput: { 'data-testid': 'sensor-type-filter' },
                  select: { displayEmpty: true },
                  inputLabel: { shrink: true },
                }}
              >
                <MenuItem value="">{t('allTypes')}</MenuItem>
                {typeList.map((type) => (
                  <MenuItem key={type.uuid} value={type.uuid}>
                    {typeName(type.name)}
                  </MenuItem>
                ))}
              </TextField>
              <LocationFilter
                locations={tree.data ?? []}
                loading={tree.isPending}
                value={filters.location}
                onChange={(location) => state.setFilters({ location })}
                labels={{ all: t('allLocations'), field: t('locationLabel'), clear: t('allLocations') }}
                testId="sensor-location-filter"
              />
            </>
          }
          actions={
            <TextField
              select
              size="small"
              label={t('sortLabel')}
              value={(SENSOR_SORTS as readonly string[]).includes(state.ordering) ? state.ordering : 'product_name'}
              onChange={(event) => state.setOrdering(event.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'sensor-sort' } }}
            >
              {SENSOR_SORTS.map((ordering) => (
                <MenuItem key={ordering} value={ordering}>
                  {t(SORT_LABEL[ordering])}
                </MenuItem>
              ))}
            </TextField>
          }
        />
      </Card>
      {!selection && (sensors.data?.count ?? 0) > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, color: 'text.secondary' }}>
          <TouchAppOutlinedIcon fontSize="small" />
          <Typography variant="body2">{t('chooseSensor')}</Typography>
        </Stack>
      )}
      <SensorTiles
        query={sensors}
        state={state}
        filtered={filtered}
        types={typeList}
        locations={tree.data ?? []}
        selection={selection}
        onSelect={choose}
      />
      {selection && (
        <Box ref={chartRef} sx={{ mt: 3, scrollMarginTop: 80 }}>
          <SensorChartCard
            sensor={selection.sensor}
            tile={tile}
            typeLabel={typeName(selectedType?.name ?? '')}
            range={range}
            onRange={setRange}
            onClose={() => select(null)}
            query={series}
          />
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        <MeasurementTable
          query={measurements}
          state={measurementState}
          sensor={selection?.sensor ?? null}
          types={typeList}
          onShowAll={() => select(null)}
        />
      </Box>
    </>
  );
}

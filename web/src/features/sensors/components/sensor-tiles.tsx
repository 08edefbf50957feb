import { useEffect, useEffectEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import SensorsIcon from '@mui/icons-material/Sensors';
import type { Location, MeasurementType, Paged, SensorLatest } from '@tagtrack/contract';
import { EmptyState } from '../../../components/empty-state';
import type { ListState } from '../../../components/paged-table';
import { indexLocations, locationPathText } from '../../../shared/locations/location-tree-utils';
import { useLocationDisplayName } from '../../../shared/locations/use-location-display-name';
import type { ChartSelection } from '../model/use-chart-selection';
import { SENSOR_PAGE_SIZES } from '../model/dashboard-state';
import { SensorTile } from './sensor-tile';

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
    xl: 'repeat(4, minmax(0, 1fr))',
  },
} as const;

/** The sensors' tiles, a page at a time: loading placeholders, the error with a retry, the empty state and the pager. */
export function SensorTiles({
  query,
  state,
  filtered,
  types,
  locations,
  selection,
  onSelect,
}: {
  query: {
    data?: Paged<SensorLatest>;
    isPending: boolean;
    isFetching: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  state: ListState;
  /** Whether filters or a search narrow the list (the empty state says so). */
  filtered: boolean;
  types: readonly MeasurementType[];
  locations: readonly Location[];
  selection: ChartSelection | null;
  onSelect: (sensor: SensorLatest) => void;
}) {
  const { t } = useTranslation(['sensors', 'common']);
  const locationName = useLocationDisplayName();
  const index = useMemo(() => indexLocations(locations), [locations]);
  const typeNames = useMemo(() => new Map(types.map((type) => [type.uuid, type.name])), [types]);
  const rows = query.data?.results;
  const count = query.data?.count ?? 0;
  const lastPage = Math.max(0, Math.ceil(count / state.pageSize) - 1);
  const pastTheEnd = rows !== undefined && rows.length === 0 && count > 0 && state.page > lastPage;
  // A page past the end (an old link, fewer sensors since) opens the last page there is.
  const toLastPage = useEffectEvent(() => state.setPage(lastPage));
  useEffect(() => {
    if (pastTheEnd) toLastPage();
  }, [pastTheEnd, lastPage, state.page]);

  let body;
  if (query.isPending) {
    body = (
      <Box sx={GRID} aria-hidden>
        {Array.from({ length: 6 }, (_, i) => (
          <Card key={i} sx={{ p: 2 }}>
            <Skeleton width="55%" />
            <Skeleton width="80%" height={16} />
            <Skeleton width="45%" height={44} sx={{ my: 1 }} />
            <Skeleton width="65%" />
            <Skeleton width="50%" />
          </Card>
        ))}
      </Box>
    );
  } else if (query.isError && !rows) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        }
      >
        {t('loadFailed')}
      </Alert>
    );
  } else if (!rows || rows.length === 0) {
    body = (
      <Card sx={{ py: 8, px: 2 }} data-testid="sensor-tiles-empty">
        <EmptyState
          icon={<SensorsIcon />}
          title={filtered ? t('emptyFiltered') : t('empty')}
          text={filtered ? t('emptyFilteredText') : t('emptyText')}
        />
      </Card>
    );
  } else {
    body = (
      <Box sx={GRID} role="list" aria-label={t('tilesLabel')}>
        {rows.map((sensor) => (
          <Box role="listitem" key={`${sensor.sensor}|${sensor.measurement_type}`} sx={{ minWidth: 0 }}>
            <SensorTile
              sensor={sensor}
              typeName={typeNames.get(sensor.measurement_type) ?? ''}
              locationName={
                sensor.location === null
                  ? t('noLocation')
                  : sensor.location_name === null
                    ? t('deletedLocation')
                    : locationName(sensor.location, sensor.location_name)
              }
              locationPath={sensor.location ? locationPathText(sensor.location, index) : ''}
              selected={selection?.sensor === sensor.sensor && selection.type === sensor.measurement_type}
              onSelect={() => onSelect(sensor)}
            />
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ position: 'relative' }} data-testid="sensor-tiles">
      {query.isFetching && !query.isPending && (
        <LinearProgress sx={{ position: 'absolute', top: -8, left: 0, right: 0, height: 2, borderRadius: 1 }} />
      )}
      {body}
      {count > 0 && (
        <TablePagination
          component="div"
          count={count}
          page={Math.min(state.page, lastPage)}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={[...SENSOR_PAGE_SIZES]}
          onPageChange={(_, next) => state.setPage(next)}
          onRowsPerPageChange={(event) => state.setPageSize(Number(event.target.value))}
          labelRowsPerPage={t('tilesPerPage')}
          labelDisplayedRows={({ from, to, count: total }) => t('common:displayedRows', { from, to, count: total })}
          getItemAriaLabel={(type) => (type === 'previous' ? t('common:previousPage') : t('common:nextPage'))}
          data-testid="sensor-tiles-pager"
        />
      )}
    </Box>
  );
}

import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { PAGE_SIZES, formatMeasurement, type Measurement, type MeasurementType, type Paged } from '@tagtrack/contract';
import { PagedTable, type ListState, type PagedColumn } from '../../../components/paged-table';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useLocationDisplayName } from '../../../shared/locations/use-location-display-name';
import { useMeasurementTypeName } from '../../../shared/sensors/use-measurement-type-name';

/**
 * The measurements (GET /sensor-data/measurement/, newest first): the chosen sensor's, else those
 * of the dashboard's product and location.
 */
export function MeasurementTable({
  query,
  state,
  sensor,
  types,
  onShowAll,
}: {
  query: {
    data?: Paged<Measurement>;
    isPending: boolean;
    isFetching: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  state: ListState;
  /** The sensor whose measurements are listed, null for all. */
  sensor: string | null;
  types: readonly MeasurementType[];
  onShowAll: () => void;
}) {
  const { t, i18n } = useTranslation('sensors');
  const locationName = useLocationDisplayName();
  const typeName = useMeasurementTypeName();
  const names = new Map(types.map((type) => [type.uuid, type.name]));
  const columns: PagedColumn[] = [
    { key: 'time', label: t('columnTime'), sortField: 'time' },
    { key: 'sensor', label: t('columnSensor') },
    { key: 'product', label: t('columnProduct') },
    { key: 'location', label: t('columnLocation') },
    { key: 'type', label: t('columnType') },
    { key: 'value', label: t('columnValue'), sortField: 'value', align: 'right' },
  ];
  return (
    <Card data-testid="measurements">
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ px: 2, pt: 2, pb: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="h2" component="h2">
          {t('measurementsTitle')}
        </Typography>
        {sensor && (
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={t('measurementsOfSensor', { sensor })}
            onDelete={onShowAll}
            data-testid="measurements-sensor-filter"
            sx={{ fontFamily: 'monospace', maxWidth: '100%' }}
          />
        )}
      </Stack>
      <PagedTable
        columns={columns}
        query={query}
        state={state}
        pageSizes={PAGE_SIZES}
        renderRow={(row: Measurement) => (
          <TableRow key={row.uuid} hover data-testid="measurement-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(row.time)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }} data-testid="measurement-sensor">
              {row.sensor}
            </TableCell>
            <TableCell>{row.product_name}</TableCell>
            <TableCell>
              {row.location === null
                ? t('noLocation')
                : row.location_name === null
                  ? t('deletedLocation')
                  : locationName(row.location, row.location_name)}
            </TableCell>
            <TableCell>{typeName(names.get(row.measurement_type) ?? '')}</TableCell>
            <TableCell
              align="right"
              sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 500 }}
              data-testid="measurement-value"
            >
              {formatMeasurement(row.value, row.symbol, i18n.language)}
            </TableCell>
          </TableRow>
        )}
        empty={{ icon: <ListAltIcon />, title: t('measurementsEmpty') }}
        errorText={t('measurementsLoadFailed')}
        label={t('measurementsTitle')}
        testId="measurements"
      />
    </Card>
  );
}

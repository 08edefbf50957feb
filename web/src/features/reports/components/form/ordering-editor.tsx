import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  MESSAGE_KEYS,
  ORDERING_DIRECTIONS,
  type OrderingDirection,
  type ReportColumn,
  type ReportOrdering,
} from '@tagtrack/contract';
import { DisabledReason } from '../../../../components/disabled-reason';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { nextOrdering, orderingChoices } from '../../model/report-columns';

const DIRECTION_LABEL = { ascending: 'orderAscending', descending: 'orderDescending' } as const;

/** The report's ordering: a shown column and a direction per row, no column twice (03 §3). */
export function OrderingEditor({
  columns,
  ordering,
  onChange,
}: {
  columns: readonly ReportColumn[];
  ordering: readonly ReportOrdering[];
  onChange: (ordering: ReportOrdering[]) => void;
}) {
  const { t } = useTranslation('reports');
  const message = useValidationMessage();
  const next = nextOrdering(columns, ordering);
  const set = (index: number, changes: Partial<ReportOrdering>) =>
    onChange(ordering.map((row, i) => (i === index ? { ...row, ...changes } : row)));
  return (
    <Stack spacing={1.5} data-testid="report-ordering">
      {ordering.map((row, index) => (
        // On a narrow window the direction and the remove button wrap below the column.
        <Stack
          key={`${row.field}-${index}`}
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <TextField
            select
            size="small"
            label={t('orderingField')}
            value={row.field}
            onChange={(event) => set(index, { field: event.target.value })}
            sx={{ flex: '1 1 220px', maxWidth: 320 }}
            slotProps={{ htmlInput: { 'data-testid': `ordering-field-${index}` } }}
          >
            {orderingChoices(columns, ordering, index).map((c) => (
              <MenuItem key={c.headerKey} value={c.headerKey}>
                {c.header}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('orderingDirection')}
            value={row.value}
            onChange={(event) => set(index, { value: event.target.value as OrderingDirection })}
            sx={{ flex: '1 1 160px', maxWidth: 220 }}
          >
            {ORDERING_DIRECTIONS.map((direction) => (
              <MenuItem key={direction} value={direction}>
                {t(DIRECTION_LABEL[direction])}
              </MenuItem>
            ))}
          </TextField>
          <IconButton aria-label={t('removeOrdering')} onClick={() => onChange(ordering.filter((_, i) => i !== index))}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <div>
        {/* Every shown column is ordered by: another row would repeat one, which the server refuses. */}
        <DisabledReason reason={next === null ? message(MESSAGE_KEYS.orderingFieldRepeated) : undefined}>
          <Button
            startIcon={<AddIcon />}
            disabled={next === null}
            onClick={() => next && onChange([...ordering, next])}
            data-testid="add-ordering"
          >
            {t('addOrdering')}
          </Button>
        </DisabledReason>
      </div>
    </Stack>
  );
}

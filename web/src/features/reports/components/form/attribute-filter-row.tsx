import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { ATTRIBUTE_OPERATORS, type AttributeOperator } from '@tagtrack/contract';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import type { AttributeFilterForm } from '../../model/item-report-form';
import { ReportDateTimePicker } from './report-date-time-picker';

const OPERATOR_LABEL = {
  contains: 'opContains',
  excludes: 'opExcludes',
  exact: 'opExact',
  ne: 'opNe',
  startswith: 'opStartswith',
  endswith: 'opEndswith',
  lt: 'opLt',
  lte: 'opLte',
  gt: 'opGt',
  gte: 'opGte',
  between: 'opBetween',
  in: 'opIn',
} as const satisfies Record<AttributeOperator, string>;

export type AttributeFilterErrors = Partial<Record<keyof AttributeFilterForm, { message?: string }>>;

/**
 * One attribute filter (03 §5): the operators of its type, then its value: text or a number, a
 * 24-hour date-time, a start and an end for between, the options of a dropdown list (`in`).
 */
export function AttributeFilterRow({
  filter,
  options,
  errors,
  onChange,
  onRemove,
}: {
  filter: AttributeFilterForm;
  /** A dropdown list's options. */
  options: readonly string[];
  errors: AttributeFilterErrors | undefined;
  onChange: (filter: AttributeFilterForm) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('reports');
  const message = useValidationMessage();
  const set = (changes: Partial<AttributeFilterForm>) => onChange({ ...filter, ...changes });
  const errorText = (key: keyof AttributeFilterForm) => (errors?.[key] ? message(errors[key]?.message) : '');
  const between = filter.operator === 'between';
  const testId = `attribute-filter-${filter.id}`;

  const input = (key: 'value' | 'end', label: string) =>
    filter.type === 'datetime' ? (
      <ReportDateTimePicker
        label={label}
        value={filter[key] || null}
        onChange={(iso) => set({ [key]: iso ?? '' })}
        error={key === 'value' ? errorText('value') : undefined}
      />
    ) : (
      <TextField
        size="small"
        label={label}
        type={filter.type === 'number' ? 'number' : 'text'}
        value={filter[key]}
        onChange={(event) => set({ [key]: event.target.value })}
        error={key === 'value' && Boolean(errors?.value)}
        helperText={key === 'value' ? errorText('value') : ''}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-${key}` } }}
      />
    );

  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { md: 'flex-start' } }}
      data-testid={testId}
    >
      <Typography sx={{ minWidth: 160, pt: { md: 1 }, fontWeight: 500 }}>{filter.name}</Typography>
      {filter.type === 'dropdown' ? (
        <Autocomplete<string, true, false, false>
          multiple
          size="small"
          options={[...options]}
          value={filter.values}
          onChange={(_, values) => set({ values })}
          sx={{ minWidth: 260, flex: 1 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('formValues')}
              error={Boolean(errors?.value)}
              helperText={errorText('value')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `${testId}-values` },
              }}
            />
          )}
        />
      ) : (
        <>
          <TextField
            select
            size="small"
            label={t('formOperator')}
            value={filter.operator}
            onChange={(event) => set({ operator: event.target.value, end: '' })}
            error={Boolean(errors?.operator)}
            helperText={errorText('operator')}
            sx={{ minWidth: 170 }}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-operator` } }}
          >
            {ATTRIBUTE_OPERATORS[filter.type].map((op) => (
              <MenuItem key={op} value={op}>
                {t(OPERATOR_LABEL[op])}
              </MenuItem>
            ))}
          </TextField>
          {input('value', between ? t('formFrom') : t('formValue'))}
          {between && input('end', t('formTo'))}
        </>
      )}
      <IconButton aria-label={t('removeFilter', { name: filter.name })} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Stack>
  );
}

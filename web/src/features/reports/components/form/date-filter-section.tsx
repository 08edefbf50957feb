import { Controller, useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  DATE_FILTER_PARTS,
  DATE_PRESETS,
  DATE_UNITS,
  DYNAMIC_DATE_VALUE_MAX,
  STATIC_DATE_OPERATORS,
  dateFilterIssues,
  type DateFilterPart,
  type DateUnit,
} from '@tagtrack/contract';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import {
  dateFilterPayload,
  emptyDateFilter,
  type DateFilterForm,
  type ItemReportFormValues,
} from '../../model/item-report-form';
import { FormSection } from '../../../../components/form-section';
import { ReportDateTimePicker } from './report-date-time-picker';

const STATIC_LABEL = { lt: 'dateBefore', gt: 'dateAfter', between: 'dateBetween' } as const;
const PRESET_LABEL = {
  today: 'presetToday',
  yesterday: 'presetYesterday',
  thisWeek: 'presetThisWeek',
  lastWeek: 'presetLastWeek',
  thisMonth: 'presetThisMonth',
  lastMonth: 'presetLastMonth',
  thisYear: 'presetThisYear',
  lastYear: 'presetLastYear',
} as const;
const UNIT_LABEL = { day: 'unitDay', week: 'unitWeek', month: 'unitMonth', year: 'unitYear' } as const;

/**
 * A date filter (last update or created) with its option switch: static (before, after, between
 * date-times) or dynamic (a preset or the last N units). Off resets it to an empty dynamic
 * one, which is not sent (03 §4, §7).
 */
export function DateFilterSection({
  control,
  name,
  option,
  title,
}: {
  control: Control<ItemReportFormValues>;
  name: 'latest_status_update' | 'created';
  option: 'is_last_seen' | 'is_created';
  title: string;
}) {
  const { t } = useTranslation('reports');
  const message = useValidationMessage();
  const filter = useController({ control, name });
  const value = filter.field.value;
  const set = (changes: Partial<DateFilterForm>) => filter.field.onChange({ ...value, ...changes });
  // The contract's rules on what the filter holds now: react-hook-form keeps no error below a field
  // that is an object, so the messages come from the rule itself (as the schedule's do), and a
  // server's message set on a part after a save shows where there is none.
  const issues = dateFilterIssues(dateFilterPayload(value));
  const serverErrors = (filter.fieldState.error ?? {}) as Partial<Record<DateFilterPart, { message?: string }>>;
  const errorText = (part: DateFilterPart) => message(issues[part] ?? serverErrors[part]?.message);
  const errors = Object.fromEntries(DATE_FILTER_PARTS.map((part) => [part, errorText(part) !== ''])) as Record<
    DateFilterPart,
    boolean
  >;
  const testId = `report-${name.replaceAll('_', '-')}`;

  return (
    <Controller
      control={control}
      name={`options.${option}`}
      render={({ field: enabled }) => (
        <FormSection
          title={title}
          testId={testId}
          action={
            <Switch
              checked={enabled.value}
              onChange={(_, on) => {
                enabled.onChange(on);
                if (!on) filter.field.onChange(emptyDateFilter());
              }}
              slotProps={{ input: { 'aria-label': title } }}
            />
          }
        >
          {enabled.value && (
            <Stack spacing={2}>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={value.type}
                onChange={(_, type: DateFilterForm['type'] | null) =>
                  type && filter.field.onChange({ ...emptyDateFilter(), type, operator: type === 'static' ? 'gt' : '' })
                }
              >
                <ToggleButton value="dynamic">{t('dateDynamic')}</ToggleButton>
                <ToggleButton value="static">{t('dateStatic')}</ToggleButton>
              </ToggleButtonGroup>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <TextField
                  select
                  label={t('formOperator')}
                  value={value.operator}
                  onChange={(event) => set({ operator: event.target.value })}
                  error={errors.operator}
                  helperText={errorText('operator')}
                  sx={{ minWidth: 200 }}
                  slotProps={{ htmlInput: { 'data-testid': `${testId}-operator` } }}
                >
                  {value.type === 'static'
                    ? STATIC_DATE_OPERATORS.map((op) => (
                        <MenuItem key={op} value={op}>
                          {t(STATIC_LABEL[op])}
                        </MenuItem>
                      ))
                    : [
                        ...DATE_PRESETS.map((preset) => (
                          <MenuItem key={preset} value={preset}>
                            {t(PRESET_LABEL[preset])}
                          </MenuItem>
                        )),
                        <MenuItem key="last" value="last">
                          {t('presetLast')}
                        </MenuItem>,
                      ]}
                </TextField>
                {value.type === 'static' && value.operator !== '' && (
                  <>
                    <ReportDateTimePicker
                      label={t('formStart')}
                      value={value.start}
                      onChange={(start) => set({ start })}
                      error={errorText('start')}
                    />
                    {value.operator === 'between' && (
                      <ReportDateTimePicker
                        label={t('formEnd')}
                        value={value.end}
                        onChange={(end) => set({ end })}
                        error={errorText('end')}
                      />
                    )}
                  </>
                )}
                {value.type === 'dynamic' && value.operator === 'last' && (
                  <>
                    <TextField
                      type="number"
                      label={t('formAmount')}
                      value={value.value ?? ''}
                      onChange={(event) =>
                        set({ value: event.target.value === '' ? null : Number(event.target.value) })
                      }
                      error={errors.value}
                      helperText={errorText('value')}
                      slotProps={{ htmlInput: { min: 1, max: DYNAMIC_DATE_VALUE_MAX, step: 1 } }}
                    />
                    <TextField
                      select
                      label={t('formUnit')}
                      value={value.unit ?? ''}
                      onChange={(event) => set({ unit: event.target.value as DateUnit })}
                      error={errors.unit}
                      helperText={errorText('unit')}
                      sx={{ minWidth: 160 }}
                    >
                      {DATE_UNITS.map((unit) => (
                        <MenuItem key={unit} value={unit}>
                          {t(UNIT_LABEL[unit])}
                        </MenuItem>
                      ))}
                    </TextField>
                  </>
                )}
              </Stack>
            </Stack>
          )}
        </FormSection>
      )}
    />
  );
}

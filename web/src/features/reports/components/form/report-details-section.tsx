import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { REPORT_NAME_MAX } from '@tagtrack/contract';
import { CategorySelect, type CategoryChoice } from '../../../../shared/catalogue/product-multi-select';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { FORM_CATEGORY_ALL, type ItemReportFormValues } from '../../model/item-report-form';
import { FormSection } from '../../../../components/form-section';

const toChoice = (category: number): CategoryChoice =>
  category === FORM_CATEGORY_ALL ? '' : category === 0 ? 'none' : `${category}`;
const fromChoice = (choice: CategoryChoice): number =>
  choice === '' ? FORM_CATEGORY_ALL : choice === 'none' ? 0 : Number(choice);

/** Name (locked when editing), description and category of the report. */
export function ReportDetailsSection({
  control,
  register,
  nameLocked,
  onCategoryChange,
  typeLabel,
}: {
  control: Control<ItemReportFormValues>;
  register: UseFormRegister<ItemReportFormValues>;
  nameLocked: boolean;
  onCategoryChange: (category: number) => void;
  /** The report type, shown read-only (an inventory report: Inventory Levels). */
  typeLabel?: string;
}) {
  const { t } = useTranslation('reports');
  const message = useValidationMessage();
  return (
    <FormSection title={t('formDetails')}>
      <Stack spacing={2}>
        {typeLabel !== undefined && (
          <TextField
            label={t('formType')}
            value={typeLabel}
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'report-type' } }}
          />
        )}
        <Controller
          control={control}
          name="report_name"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={t('formName')}
              required
              disabled={nameLocked}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error ? message(fieldState.error.message) : nameLocked ? t('formNameLocked') : ''}
              slotProps={{ htmlInput: { 'data-testid': 'report-name-input', maxLength: REPORT_NAME_MAX + 1 } }}
            />
          )}
        />
        <TextField
          label={t('formDescription')}
          multiline
          minRows={2}
          {...register('report_description')}
          slotProps={{ htmlInput: { 'data-testid': 'report-description-input' } }}
        />
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <CategorySelect
              value={toChoice(field.value)}
              onChange={(choice) => onCategoryChange(fromChoice(choice))}
              label={t('formCategory')}
              testId="report-category-select"
            />
          )}
        />
      </Stack>
    </FormSection>
  );
}

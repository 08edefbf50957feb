import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CategoryField } from '@tagtrack/contract';
import { attributeKey, inputValue } from './item-form-model';

interface ItemAttributeInputProps {
  field: CategoryField;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * One item-level attribute: text, list, number or date-time input by the field's type; required
 * ones carry an asterisk; a fixed one is disabled and shows its fixed value.
 */
export function ItemAttributeInput({ field, value, onChange, error, disabled = false }: ItemAttributeInputProps) {
  const { t } = useTranslation('items');
  const fixed = field.fixed_data;
  const shown = fixed ? inputValue(field, field.fixed_value) : value;
  const common = {
    label: field.name,
    required: field.required,
    disabled: disabled || fixed,
    value: shown,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    error: Boolean(error),
    helperText: error ?? (fixed ? t('attributeFixed') : undefined),
    fullWidth: true,
  };
  const testId = `item-attribute-${attributeKey(field)}`;

  switch (field.type) {
    case 'DropdownList':
      return (
        <TextField
          {...common}
          select
          slotProps={{ htmlInput: { 'data-testid': testId }, inputLabel: { shrink: shown !== '' ? true : undefined } }}
        >
          <MenuItem value="">
            <em>{t('attributeNoValue')}</em>
          </MenuItem>
          {field.options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
          {/* A value that is no longer an option still shows, so nothing is lost unseen. */}
          {shown !== '' && !field.options.includes(shown) && (
            <MenuItem value={shown} disabled>
              {shown}
            </MenuItem>
          )}
        </TextField>
      );
    case 'Number':
      return <TextField {...common} type="number" slotProps={{ htmlInput: { step: 'any', 'data-testid': testId } }} />;
    case 'DateTime':
      return (
        <TextField
          {...common}
          type="datetime-local"
          slotProps={{ htmlInput: { 'data-testid': testId }, inputLabel: { shrink: true } }}
        />
      );
    case 'Text':
      return <TextField {...common} slotProps={{ htmlInput: { 'data-testid': testId } }} />;
  }
}

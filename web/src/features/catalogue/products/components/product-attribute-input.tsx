import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CategoryField } from '@tagtrack/contract';
import { attributeInputValue } from '../product-model';

interface ProductAttributeInputProps {
  field: CategoryField;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * The value input of one product-level attribute: text (disabled and showing the fixed value when
 * fixed), a list select, a number, or a date and time; required ones carry an asterisk.
 */
export function ProductAttributeInput({ field, value, onChange, error }: ProductAttributeInputProps) {
  const { t } = useTranslation('products');
  const fixed = field.fixed_data;
  const shown = fixed ? attributeInputValue(field.type, field.fixed_value) : value;
  const testId = `product-attribute-${field.id}`;
  const common = {
    label: field.name,
    required: field.required,
    disabled: fixed,
    value: shown,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    error: Boolean(error),
    helperText: error ?? (fixed ? t('attributeFixed') : undefined),
  };

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
          {/* A stored value that is no longer an option still shows, so nothing changes unseen. */}
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

import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AttributeType } from '@tagtrack/contract';

interface AttributeValueInputProps {
  type: AttributeType;
  options: readonly string[];
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  testId: string;
}

/**
 * The input for a default or fixed value, by attribute type: text, a number, a date and time,
 * or one of the list's values.
 */
export function AttributeValueInput({
  type,
  options,
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
  testId,
}: AttributeValueInputProps) {
  const { t } = useTranslation('categories');
  const common = {
    size: 'small' as const,
    label,
    value,
    required,
    onBlur,
    error: Boolean(error),
    helperText: error,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  switch (type) {
    case 'DropdownList':
      return (
        <TextField {...common} select slotProps={{ htmlInput: { 'data-testid': testId } }}>
          <MenuItem value="">
            <em>{t('noValue')}</em>
          </MenuItem>
          {/* A value no longer among the options stays visible until it is changed. */}
          {value !== '' && !options.includes(value) && <MenuItem value={value}>{value}</MenuItem>}
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'DateTime':
      return (
        <TextField
          {...common}
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, 'data-testid': testId } }}
        />
      );
    case 'Number':
      return <TextField {...common} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': testId } }} />;
    case 'Text':
      return <TextField {...common} slotProps={{ htmlInput: { 'data-testid': testId } }} />;
  }
}

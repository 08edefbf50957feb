import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CategoryField } from '@tagtrack/contract';

interface AttributeValueInputProps {
  field: CategoryField;
  /** The input's value (a fixed field shows `fixedValue` instead). */
  value: string;
  /** The field's fixed value as the input shows it. */
  fixedValue: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  testId: string;
  /** The helper text under a fixed field, and the empty choice of a list. */
  labels: { fixed: string; noValue: string };
  fullWidth?: boolean;
}

/**
 * The value input of one category attribute (on a product or an item): text, list, number or
 * date-time by the field's type; required ones carry an asterisk; a fixed one is disabled and shows
 * its fixed value.
 */
export function AttributeValueInput({
  field,
  value,
  fixedValue,
  onChange,
  error,
  disabled = false,
  testId,
  labels,
  fullWidth,
}: AttributeValueInputProps) {
  const fixed = field.fixed_data;
  const shown = fixed ? fixedValue : value;
  const common = {
    label: field.name,
    required: field.required,
    disabled: disabled || fixed,
    value: shown,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    error: Boolean(error),
    helperText: error ?? (fixed ? labels.fixed : undefined),
    fullWidth,
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
            <em>{labels.noValue}</em>
          </MenuItem>
          {field.options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
          {/* A value that is no longer an option still shows, so nothing changes unseen. */}
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

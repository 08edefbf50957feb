import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LANGUAGES, isLanguageCode, type LanguageCode } from '@tagtrack/contract';

interface LanguageSelectProps {
  value: LanguageCode;
  onChange: (language: LanguageCode) => void;
  label: string;
  /** Put on the element that opens the list (role combobox); the languages are options by name. */
  testId: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/** The fourteen interface languages, each named in its own language. */
export function LanguageSelect({ value, onChange, label, testId, disabled, size = 'medium' }: LanguageSelectProps) {
  return (
    <TextField
      select
      label={label}
      value={value}
      size={size}
      disabled={disabled}
      onChange={(event) => {
        if (isLanguageCode(event.target.value)) onChange(event.target.value);
      }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem key={language.code} value={language.code} lang={language.code}>
          {language.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

type SearchFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'slotProps'> & {
  value: string;
  onChange: (value: string) => void;
  testId?: string;
};

/** The small search box of lists and trees: a text field with a search icon. */
export function SearchField({ value, onChange, testId, ...props }: SearchFieldProps) {
  return (
    <TextField
      size="small"
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: testId ? { 'data-testid': testId } : {},
      }}
    />
  );
}

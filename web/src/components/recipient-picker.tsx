import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/** Typed entries as kept: trimmed, without empty ones or repeats. */
export const tidyRecipients = (entries: readonly string[]) => [
  ...new Set(entries.map((entry) => entry.trim()).filter(Boolean)),
];

export interface RecipientPickerProps {
  /** The users offered, by their address (e-mail address or phone number). */
  options: ReadonlyMap<string, { username: string }>;
  /** The chosen users' addresses. */
  chosen: readonly string[];
  onChosenChange: (next: string[]) => void;
  onChosenBlur?: () => void;
  /** Addresses typed in (kept tidy: trimmed, each once). */
  custom: readonly string[];
  onCustomChange: (next: string[]) => void;
  onCustomBlur?: () => void;
  labels: { chosen: string; custom: string; customHint: string; noOptions: string };
  /** Translated messages of the two fields, and which typed entries are wrong (their chips turn red). */
  chosenError?: string;
  customError?: string;
  invalidCustom?: (index: number) => boolean;
  /** The typed entries' input type: e-mail addresses or phone numbers. */
  inputType: 'email' | 'tel';
  /** data-testid prefix: `{prefix}-recipients`, `{prefix}-custom`, `{prefix}-custom-chip`. */
  testId: string;
  disabled?: boolean;
  inputSx?: SxProps<Theme>;
}

/**
 * Who a notification goes to: the customer's users, chosen by name (their address shown under it),
 * and addresses typed in, side by side (one above the other on a phone). The event form's actions
 * and a scheduled report's recipients use it.
 */
export function RecipientPicker({
  options,
  chosen,
  onChosenChange,
  onChosenBlur,
  custom,
  onCustomChange,
  onCustomBlur,
  labels,
  chosenError,
  customError,
  invalidCustom,
  inputType,
  testId,
  disabled,
  inputSx,
}: RecipientPickerProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <Autocomplete<string, true>
        multiple
        size="small"
        disableCloseOnSelect
        options={[...options.keys()]}
        value={[...chosen]}
        onChange={(_, next) => onChosenChange(next)}
        onBlur={onChosenBlur}
        noOptionsText={labels.noOptions}
        getOptionLabel={(address) => options.get(address)?.username ?? address}
        renderOption={(props, address) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {options.get(address)?.username}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {address}
                </Typography>
              </Box>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={labels.chosen}
            error={Boolean(chosenError)}
            helperText={chosenError}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `${testId}-recipients` },
            }}
            sx={inputSx}
          />
        )}
        disabled={disabled}
      />
      <Autocomplete<string, true, false, true>
        multiple
        freeSolo
        autoSelect
        size="small"
        options={[]}
        value={[...custom]}
        onChange={(_, next) => onCustomChange(tidyRecipients(next))}
        onBlur={onCustomBlur}
        renderValue={(values, getItemProps) =>
          values.map((value, i) => {
            const { key, ...item } = getItemProps({ index: i });
            const invalid = invalidCustom?.(i) ?? false;
            return (
              <Chip
                key={key}
                {...item}
                size="small"
                label={value}
                color={invalid ? 'error' : 'default'}
                variant={invalid ? 'outlined' : 'filled'}
                data-testid={`${testId}-custom-chip`}
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={labels.custom}
            type={inputType}
            error={Boolean(customError)}
            helperText={customError ?? labels.customHint}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `${testId}-custom` },
            }}
            sx={inputSx}
          />
        )}
        disabled={disabled}
      />
    </Box>
  );
}

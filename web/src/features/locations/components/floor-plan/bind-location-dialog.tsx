import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LocationOption } from '../../model/location-options';
import { FormDialog } from '../../../../components/form-dialog';

interface BindLocationDialogProps {
  /** The descendants of the plan's location. */
  options: readonly LocationOption[];
  /** The location the shape is bound to now (changing it), or null (a new shape). */
  current: string | null;
  planName: string;
  onConfirm: (uuid: string) => void;
  onClose: () => void;
}

/** Asks which child location a shape marks: any descendant of the plan's location, found by its path. */
export function BindLocationDialog({ options, current, planName, onConfirm, onClose }: BindLocationDialogProps) {
  const { t } = useTranslation(['locationFiles', 'common']);
  const [value, setValue] = useState<LocationOption | null>(
    () => options.find((option) => option.uuid === current) ?? null,
  );
  return (
    <FormDialog
      dirty={(value?.uuid ?? null) !== current}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="bind-location-title"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (value) onConfirm(value.uuid);
        }}
      >
        <DialogTitle id="bind-location-title">{t('bindTitle')}</DialogTitle>
        <DialogContent>
          <Autocomplete
            options={options}
            value={value}
            onChange={(_, next) => setValue(next)}
            getOptionLabel={(option) => option.path}
            isOptionEqualToValue={(a, b) => a.uuid === b.uuid}
            noOptionsText={t('bindNoOptions')}
            autoHighlight
            renderOption={({ key, ...optionProps }, option) => (
              <Box component="li" key={key} {...optionProps} sx={{ display: 'block !important' }}>
                <Typography sx={{ fontWeight: 500 }}>{option.name}</Typography>
                {option.path !== option.name && (
                  <Typography variant="body2" color="text.secondary">
                    {option.path}
                  </Typography>
                )}
              </Box>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                required
                label={t('bindLabel')}
                helperText={t('bindHelp', { name: planName })}
                sx={{ mt: 1 }}
              />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!value} data-testid="bind-location-confirm">
            {t('bindConfirm')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}

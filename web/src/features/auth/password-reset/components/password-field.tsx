import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type'>;

/** A password text field with a show/hide toggle (react-hook-form's register spreads onto it). */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation('passwordReset');
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={shown ? t('hidePassword') : t('showPassword')}
                aria-pressed={shown}
                onClick={() => setShown(!shown)}
                onMouseDown={(event) => event.preventDefault()}
              >
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

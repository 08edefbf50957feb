import Tooltip from '@mui/material/Tooltip';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { LOCATION_NAME_DISPLAY_MAX, truncateName } from '@tagtrack/contract';

/** A location's name cut at 45 characters with an ellipsis; the full name in a tooltip when cut. */
export function LocationName({ name, ...props }: { name: string } & Omit<TypographyProps, 'children'>) {
  const shown = truncateName(name, LOCATION_NAME_DISPLAY_MAX);
  const text = (
    <Typography component="span" {...props}>
      {shown}
    </Typography>
  );
  return shown === name ? (
    text
  ) : (
    <Tooltip title={name} placement="top-start">
      {text}
    </Tooltip>
  );
}

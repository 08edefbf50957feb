import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ImportRowError } from '@tagtrack/contract';
import { useImportRowMessage } from '../model/import-messages';

/** Two digits at least: 01, 02, … 10, 11 (01 §8: list-type errors show numbered items). */
export function itemNumber(index: number): string {
  return String(index + 1).padStart(2, '0');
}

/**
 * The errors of an import, numbered, each "Row N: column: message" in the user's language (the
 * row is the file's line number, the column the file's own name).
 */
export function ImportErrorList({ errors }: { errors: readonly ImportRowError[] }) {
  const { t } = useTranslation('imports');
  const message = useImportRowMessage();
  return (
    <Box
      component="ol"
      aria-label={t('errorListLabel')}
      data-testid="import-errors"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        maxHeight: 420,
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      {errors.map((error, index) => (
        <Box
          component="li"
          key={`${error.row}-${index}`}
          data-testid="import-error"
          sx={{
            display: 'flex',
            gap: 1.5,
            px: 2,
            py: 1,
            borderTop: index === 0 ? 0 : 1,
            borderColor: 'divider',
            alignItems: 'baseline',
          }}
        >
          <Typography
            component="span"
            variant="body2"
            color="error"
            sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', minWidth: '2.5ch' }}
          >
            {itemNumber(index)}
          </Typography>
          <Typography component="span" variant="body2">
            {t('rowMessage', { row: error.row, message: message(error) })}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

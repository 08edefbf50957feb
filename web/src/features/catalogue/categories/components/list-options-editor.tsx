import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';

interface ListOptionsEditorProps {
  options: string[];
  onChange: (options: string[]) => void;
  error?: string;
  testId: string;
}

/** The values of a list attribute: add (empty input and repeats are ignored, 01 §5) and remove. */
export function ListOptionsEditor({ options, onChange, error, testId }: ListOptionsEditorProps) {
  const { t } = useTranslation('categories');
  const [draft, setDraft] = useState('');

  const add = () => {
    const value = draft.trim();
    if (value === '') return;
    if (!options.includes(value)) onChange([...options, value]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Enter adds the value instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <Stack spacing={1.25}>
      <Typography variant="subtitle2" component="h4">
        {t('listOptions')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', maxWidth: 480 }}>
        <TextField
          size="small"
          label={t('listOptionInput')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          error={Boolean(error)}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-input` } }}
        />
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={add}
          data-testid={`${testId}-add`}
          sx={{ height: 40 }}
        >
          {t('addListOption')}
        </Button>
      </Stack>
      {options.length > 0 ? (
        <Stack direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap' }} data-testid={`${testId}-values`}>
          {options.map((option) => (
            <Chip
              key={option}
              label={option}
              onDelete={() => onChange(options.filter((o) => o !== option))}
              deleteIcon={<CancelIcon role="button" aria-label={t('removeListOption', { value: option })} />}
            />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('noListOptions')}
        </Typography>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CONFIG_CHIPS_SHOWN } from '@tagtrack/contract';
import { chipLabel } from '../model/reader-list-rules';

interface AssignedConfiguration {
  id: number;
  name: string;
  location_name: string | null;
}

/**
 * A reader's configurations as chips (02 §2): names cut at 25 characters, a tooltip on names over
 * 10 characters, six chips and then Show more / Show less.
 */
export function ConfigurationChips({ configurations }: { configurations: readonly AssignedConfiguration[] }) {
  const { t } = useTranslation('readers');
  const [all, setAll] = useState(false);
  if (configurations.length === 0)
    return (
      <Typography variant="body2" color="text.disabled">
        {t('noConfigurations')}
      </Typography>
    );
  const shown = all ? configurations : configurations.slice(0, CONFIG_CHIPS_SHOWN);
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={0.5}
      sx={{ flexWrap: 'wrap', maxWidth: 320 }}
      data-testid="reader-configurations"
    >
      {shown.map((configuration) => {
        const { label, tooltip } = chipLabel(configuration.name);
        const chip = (
          <Chip
            key={configuration.id}
            size="small"
            variant="outlined"
            label={label}
            data-testid="reader-configuration-chip"
          />
        );
        const title = configuration.location_name
          ? `${configuration.name} – ${configuration.location_name}`
          : configuration.name;
        return tooltip ? (
          <Tooltip key={configuration.id} title={title}>
            {chip}
          </Tooltip>
        ) : (
          chip
        );
      })}
      {configurations.length > CONFIG_CHIPS_SHOWN && (
        <Button
          size="small"
          onClick={() => setAll(!all)}
          sx={{ py: 0, minWidth: 0 }}
          data-testid="reader-configurations-more"
        >
          {all ? t('showLess') : t('showMore')}
        </Button>
      )}
    </Stack>
  );
}

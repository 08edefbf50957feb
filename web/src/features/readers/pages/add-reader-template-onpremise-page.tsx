import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DiscoveredReader } from '@tagtrack/contract';
import { PageHeader } from '../../../components/page-header';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDiscoveredReaders } from '../api/list-discovered-readers';
import { ReaderForm, READERS_LIST } from '../readers/components/reader-form';

/**
 * /readers/add-reader-template-onpremise: add a reader on-premise from the readers that announced
 * themselves on the network; the chosen one fills serial, address and type.
 */
export function AddReaderTemplateOnPremisePage() {
  const { t } = useTranslation(['readers', 'menu']);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 700);
  const discovered = useDiscoveredReaders(term);
  const [chosen, setChosen] = useState<DiscoveredReader | null>(null);
  return (
    <>
      <PageHeader
        title={t('addDiscoveredTitle')}
        breadcrumbs={[
          { label: t('menu:devices'), to: READERS_LIST },
          { label: t('tabFixed'), to: READERS_LIST },
        ]}
      />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('discoveredHelp')}
          </Typography>
          <Autocomplete
            options={discovered.data ?? []}
            loading={discovered.isFetching}
            value={chosen}
            onChange={(_, value) => setChosen(value)}
            onInputChange={(_, value) => setSearch(value)}
            getOptionLabel={(r) => `${r.serial} · ${r.ip_address}${r.kind ? ` · ${r.kind}` : ''}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('discoveredNone')}
            renderInput={(params) => (
              <TextField {...params} label={t('discoveredLabel')} data-testid="discovered-reader" />
            )}
          />
        </CardContent>
      </Card>
      <ReaderForm
        key={chosen?.id ?? 'none'}
        onPremise
        initial={
          chosen
            ? {
                serial_number: chosen.serial,
                ip_address: chosen.ip_address,
                ...(chosen.kind ? { reader_type: chosen.kind } : {}),
              }
            : undefined
        }
      />
    </>
  );
}

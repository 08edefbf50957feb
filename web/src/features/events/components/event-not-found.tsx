import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { EmptyState } from '../../../components/empty-state';
import { listViewPath } from '../../../lib/list-views';
import { EVENTS_PATH } from '../model/event-paths';

/** An event that does not exist (deleted, an old link, another customer's): say so, and lead back to the list. */
export function EventNotFound() {
  const { t } = useTranslation('events');
  return (
    <Box sx={{ py: 6 }} data-testid="event-not-found">
      <EmptyState icon={<SearchOffOutlinedIcon />} title={t('eventNotFound')} text={t('eventNotFoundText')} />
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <Button component={RouterLink} to={listViewPath(EVENTS_PATH)} variant="contained">
          {t('backToEvents')}
        </Button>
      </Box>
    </Box>
  );
}

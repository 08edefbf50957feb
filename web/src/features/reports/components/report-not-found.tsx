import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { EmptyState } from '../../../components/empty-state';
import { isApiError } from '../../../lib/api-client';
import { listViewPath } from '../../../lib/list-views';
import { REPORTS_PATH } from '../model/report-paths';

/** Whether a report's page failed because there is no such report (an unknown id, another customer's). */
export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** A report that does not exist (deleted, an old link): say so, and lead back to the list. */
export function ReportNotFound() {
  const { t } = useTranslation('reports');
  return (
    <Box sx={{ py: 6 }} data-testid="report-not-found">
      <EmptyState icon={<SearchOffOutlinedIcon />} title={t('reportNotFound')} text={t('reportNotFoundText')} />
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <Button component={RouterLink} to={listViewPath(REPORTS_PATH)} variant="contained">
          {t('backToReports')}
        </Button>
      </Box>
    </Box>
  );
}

/** A report's page could not load (not a missing report): say so, with Retry. */
export function ReportLoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

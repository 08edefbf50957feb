import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { Recurrence } from '@tagtrack/contract';
import { scheduleWords } from '../../model/schedule-words';

/**
 * The recurrence in words as the report list shows it ("Every Monday at 06:00 UTC"), as a live
 * preview under the editor. It takes the UTC value, as the server keeps it.
 */
export function ScheduleSummary({ recurrence }: { recurrence: Recurrence }) {
  const { t, i18n } = useTranslation('reportSchedule');
  const { t: reportsT } = useTranslation('reports');
  return (
    <Typography variant="body2" data-testid="schedule-summary">
      {t('preview', { schedule: scheduleWords(recurrence, reportsT, i18n.language) })}
    </Typography>
  );
}

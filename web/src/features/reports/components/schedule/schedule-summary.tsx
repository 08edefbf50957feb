import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { Recurrence } from '@tagtrack/contract';
import { scheduleWords, type ScheduleZone } from '../../model/schedule-words';

/**
 * The recurrence in words as the report list shows it ("Every Monday at 00:30 Europe/Berlin"), as
 * a live preview under the editor. It takes the UTC value, as the server keeps it, and the zone
 * the schedule is made in.
 */
export function ScheduleSummary({ recurrence, zone }: { recurrence: Recurrence; zone: ScheduleZone }) {
  const { t, i18n } = useTranslation('reportSchedule');
  const { t: reportsT } = useTranslation('reports');
  return (
    <Typography variant="body2" data-testid="schedule-summary">
      {t('preview', { schedule: scheduleWords(recurrence, reportsT, i18n.language, zone) })}
    </Typography>
  );
}

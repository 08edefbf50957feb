import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { DESCRIPTION_TRUNCATION, type Report } from '@tagtrack/contract';
import { PagedRow } from '../../../components/paged-table';
import { RowActionMenu, type RowAction } from '../../../components/row-action-menu';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { reportViewPath } from '../model/report-paths';
import { scheduleWords } from '../model/schedule-words';
import { RunStatusChip } from './run-status-chip';
import type { ReportWriteAction } from './use-report-actions';

export type ReportRowAction = 'view' | ReportWriteAction;

/** A cell with nothing to say for this kind of report. */
const NONE = '—';

/** The description cut at 300 characters (03 §9), the whole of it on hover. */
function Description({ text }: { text: string }) {
  if (text.length <= DESCRIPTION_TRUNCATION) {
    return (
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid="report-description">
        {text}
      </Typography>
    );
  }
  return (
    <Tooltip title={text} slotProps={{ tooltip: { sx: { maxWidth: 480, whiteSpace: 'pre-wrap' } } }}>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }} tabIndex={0} data-testid="report-description">
        {`${text.slice(0, DESCRIPTION_TRUNCATION)}…`}
      </Typography>
    </Tooltip>
  );
}

/**
 * A row of the report list: the name opening the report (results or history), the kind, the
 * description, and for a scheduled report its schedule in words, last and next run. The menu
 * opens the report, and edits, duplicates or deletes it for roles that may (`canWrite`).
 */
export function ReportListRow({
  report,
  canWrite,
  onAction,
}: {
  report: Report;
  canWrite: boolean;
  onAction: (action: ReportRowAction, report: Report) => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const scheduled = report.report_type === 'inventory' ? report : null;
  const items: RowAction<ReportRowAction>[] = [
    scheduled
      ? {
          action: 'view',
          icon: <HistoryIcon fontSize="small" />,
          label: t('actionHistory'),
          testId: 'report-menu-view',
        }
      : {
          action: 'view',
          icon: <VisibilityIcon fontSize="small" />,
          label: t('actionView'),
          testId: 'report-menu-view',
        },
    ...(canWrite
      ? ([
          { action: 'edit', icon: <EditIcon fontSize="small" />, label: t('actionEdit'), testId: 'report-menu-edit' },
          {
            action: 'duplicate',
            icon: <ContentCopyIcon fontSize="small" />,
            label: t('actionDuplicate'),
            testId: 'report-menu-duplicate',
          },
          {
            action: 'delete',
            icon: <DeleteIcon fontSize="small" />,
            label: t('actionDelete'),
            testId: 'report-menu-delete',
          },
        ] as const)
      : []),
  ];
  return (
    <PagedRow
      testId="report-row"
      rowProps={{ 'data-kind': report.report_type, 'data-id': report.id }}
      cells={{
        report_name: {
          content: (
            <Link
              component={RouterLink}
              to={reportViewPath(report)}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere', wordBreak: 'normal' }}
              data-testid="report-link"
            >
              {report.report_name}
            </Link>
          ),
          sx: { minWidth: { sm: 160 } },
        },
        kind: {
          content: (
            <Chip
              size="small"
              variant="outlined"
              color={scheduled ? 'secondary' : 'primary'}
              label={scheduled ? t('kindInventory') : t('kindAsset')}
              data-testid="report-kind"
            />
          ),
        },
        description: { content: <Description text={report.report_description} />, sx: { minWidth: 180 } },
        schedule: {
          content: scheduled
            ? scheduleWords(scheduled.scheduled.recurrence, t, i18n.language, {
                timeZone: scheduled.scheduled.time_zone,
                start: new Date(scheduled.scheduled.start),
              })
            : NONE,
          sx: { minWidth: 140 },
          testId: 'report-schedule',
        },
        last_run: {
          content: !scheduled ? (
            NONE
          ) : scheduled.last_run ? (
            <Stack
              direction="row"
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
            >
              <RunStatusChip status={scheduled.last_run.status} />
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatTimestamp(scheduled.last_run.created)}
              </Box>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('neverRun')}
            </Typography>
          ),
          testId: 'report-last-run',
        },
        next_run: {
          content: !scheduled ? NONE : scheduled.next_run ? formatTimestamp(scheduled.next_run) : t('noNextRun'),
          testId: 'report-next-run',
        },
        actions: {
          content: (
            <RowActionMenu
              label={t('actionsFor', { name: report.report_name })}
              testId="report-menu"
              items={items}
              onAction={(action) => onAction(action, report)}
            />
          ),
          sx: { py: 0.75 },
        },
      }}
    />
  );
}

import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import type { ReportRun } from '@tagtrack/contract';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useValidationMessage } from '../../../lib/use-validation-message';
import { RunStatusChip } from './run-status-chip';

/**
 * A run of a scheduled report: when it was made, its status, its rows and, when it failed, why.
 * A succeeded run has a file: clicking the row (or its download button) saves it.
 */
export function ReportRunRow({
  run,
  downloading,
  onDownload,
}: {
  run: ReportRun;
  downloading: boolean;
  onDownload: (run: ReportRun) => void;
}) {
  const { t } = useTranslation('reports');
  const message = useValidationMessage();
  const time = formatTimestamp(run.created);
  const hasFile = run.status === 'succeeded';
  return (
    <TableRow
      hover
      onClick={hasFile && !downloading ? () => onDownload(run) : undefined}
      sx={hasFile ? { cursor: 'pointer' } : undefined}
      data-testid="report-run-row"
      data-run={run.id}
    >
      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="report-run-created">
        {time}
      </TableCell>
      <TableCell>
        <RunStatusChip status={run.status} />
      </TableCell>
      <TableCell align="right" data-testid="report-run-rows">
        {run.row_count ?? ''}
      </TableCell>
      <TableCell data-testid="report-run-error">
        {run.status === 'failed' && run.error && (
          <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
            {run.error_code ? message(run.error_code) : run.error}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ py: 0.75 }}>
        {hasFile && (
          <Tooltip title={t('downloadRun', { time })}>
            <span>
              <IconButton
                size="small"
                color="primary"
                aria-label={t('downloadRun', { time })}
                disabled={downloading}
                onClick={(event) => {
                  // The row downloads on a click too: once is enough.
                  event.stopPropagation();
                  onDownload(run);
                }}
                data-testid="report-run-download"
              >
                <FileDownloadIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}

import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isStale, type Reader } from '@tagtrack/contract';
import { formatTimestamp } from '../../../../lib/format-timestamp';

/** Reads per antenna as "1: 12 · 2: 0". */
const antennaReads = (antennas: Record<string, number>) =>
  Object.entries(antennas)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([antenna, reads]) => `${antenna}: ${reads}`)
    .join(' · ') || '–';

/** The reader connection details (02 §2): the latest heartbeat of each client application. */
export function ConnectionDetailsDialog({
  reader,
  now,
  onClose,
}: {
  reader: Reader | null;
  now: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(['readers', 'common']);
  const heartbeats = reader?.heartbeats ?? [];
  return (
    <Dialog
      open={reader !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="reader-connection-title"
      data-testid="reader-connection-dialog"
    >
      <DialogTitle id="reader-connection-title">
        {t('connectionTitle')}
        {reader && (
          <Typography color="text.secondary" variant="body2">
            {reader.serial}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {heartbeats.length === 0 ? (
          <Typography color="text.secondary" data-testid="reader-connection-empty">
            {t('health_noData')}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('connectionTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('hbApplication')}</TableCell>
                  <TableCell>{t('hbUpdated')}</TableCell>
                  <TableCell>{t('hbInterval')}</TableCell>
                  <TableCell>{t('hbMode')}</TableCell>
                  <TableCell>{t('hbVersion')}</TableCell>
                  <TableCell>{t('hbIp')}</TableCell>
                  <TableCell>{t('hbAntennas')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {heartbeats.map((heartbeat) => (
                  <TableRow key={heartbeat.application} data-testid="reader-heartbeat-row">
                    <TableCell>{heartbeat.application}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatTimestamp(heartbeat.updated)}
                      {isStale(heartbeat, now) && (
                        <Typography component="span" variant="caption" color="error" sx={{ display: 'block' }}>
                          {t('health_stale')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{t('seconds', { count: heartbeat.interval })}</TableCell>
                    <TableCell>{t(`health_${heartbeat.mode}`)}</TableCell>
                    <TableCell>{heartbeat.version || '–'}</TableCell>
                    <TableCell>{heartbeat.ipaddress || '–'}</TableCell>
                    <TableCell>{antennaReads(heartbeat.antennas)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="reader-connection-close">
          {t('common:close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

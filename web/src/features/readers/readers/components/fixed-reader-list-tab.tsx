import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, keyframes } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { READER_DEFAULT_PAGE_SIZE, READER_PAGE_SIZES, READER_REFRESH_MS, type Reader } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../../components/paged-table';
import { useInstanceSubscription } from '../../../../shared/configuration/get-instance-subscription';
import { useReaders } from '../../api/list-readers';
import { useResetSetupTime } from '../../api/reset-setup-time';
import { useUpdateReader } from '../../api/update-reader';
import { useExpiredSetupReaders, useNow } from '../model/use-setup-mode-expiry';
import { ConfigurationChips } from './configuration-chips';
import { HealthChip, ReaderStateChip } from './reader-chips';
import { ReaderRowMenu } from './reader-row-menu';
import { SetupExpiryDialog } from './setup-expiry-dialog';
import { READER_DETAIL, useReaderActions } from './use-reader-actions';

const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(360deg); }`;
const pulse = keyframes`0%, 100% { transform: scale(1); opacity: 1; } 50% { transform: scale(1.25); opacity: 0.6; }`;

export const ADD_READER_CLOUD = '/readers/add-reader-template';
export const ADD_READER_ONPREMISE = '/readers/add-reader-onpremise/';

/**
 * The Fixed Readers tab (02 §2 Fixed reader list): family fx, refreshed every 4 s, search, reset,
 * Add Reader, the columns and row menu of the spec, rows in setup mode coloured, and the setup-mode
 * expiry check with its alert.
 */
export function FixedReaderListTab() {
  const { t } = useTranslation(['readers', 'common']);
  const navigate = useNavigate();
  const notify = useNotify();
  const onPremise = useInstanceSubscription().data?.on_premise ?? false;
  const state = useListState({
    pageSize: READER_DEFAULT_PAGE_SIZE,
    ordering: 'serial',
    sortFields: ['serial', 'name', 'description', 'kind', 'state'],
  });
  const list = useReaders({ ...state.query, reader_family: 'fx' }, READER_REFRESH_MS);
  const now = useNow();
  const actions = useReaderActions({ onPremise, handheld: false, now });
  const expired = useExpiredSetupReaders(list.data?.results, now);
  const resetTimer = useResetSetupTime();
  const update = useUpdateReader();
  // The alert opens by itself once per expiry (reader and start time); closing it leaves the icon.
  const expiryKey = expired.map((r) => `${r.uuid}@${r.setup_mode_read}`).join(',');
  const [dismissed, setDismissed] = useState('');
  const [busy, setBusy] = useState(false);
  const alertOpen = expired.length > 0 && dismissed !== expiryKey;

  const continueSetup = async () => {
    setBusy(true);
    try {
      await Promise.all(expired.map((reader) => resetTimer.mutateAsync(reader.uuid)));
    } catch (error) {
      notify.error(t('resetTimerFailed'), error, READER_DETAIL);
    }
    setBusy(false);
    setDismissed(expiryKey);
  };
  const disableSetup = async () => {
    setBusy(true);
    try {
      await Promise.all(
        expired.map((reader) => update.mutateAsync({ uuid: reader.uuid, changes: { status: 'normal' } })),
      );
      notify.success(t('setupDisabled'));
    } catch (error) {
      notify.error(t('setupFailed'), error, READER_DETAIL);
    }
    setBusy(false);
    setDismissed(expiryKey);
  };

  const columns: PagedColumn[] = [
    { key: 'serial', label: t('columnSerial'), sortField: 'serial' },
    { key: 'name', label: t('columnName'), sortField: 'name' },
    { key: 'description', label: t('columnDescription'), sortField: 'description' },
    { key: 'kind', label: t('columnType'), sortField: 'kind' },
    { key: 'state', label: t('columnState'), sortField: 'state' },
    { key: 'configurations', label: t('columnConfigurations') },
    { key: 'health', label: t('columnHealth') },
    { key: 'actions', label: t('common:columnActions'), align: 'right', width: 72 },
  ];

  const renderRow = (reader: Reader) => {
    const setup = reader.status === 'setup';
    return (
      <TableRow
        key={reader.uuid}
        hover
        data-testid="reader-row"
        data-serial={reader.serial}
        data-status={reader.status}
        sx={setup ? { bgcolor: (theme) => alpha(theme.palette.info.main, 0.1) } : undefined}
      >
        <TableCell>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="reader-serial">
              {reader.serial}
            </Typography>
            {setup && reader.setup_mode_read === null && (
              <Tooltip title={t('setupWaiting')}>
                <SyncIcon
                  fontSize="small"
                  color="info"
                  sx={{ animation: `${spin} 1.6s linear infinite` }}
                  data-testid="reader-setup-waiting"
                />
              </Tooltip>
            )}
            {setup && reader.setup_mode_read !== null && (
              <Tooltip title={t('setupActive')}>
                <Box
                  component="span"
                  sx={{ fontSize: 11, color: 'info.main', fontWeight: 600 }}
                  data-testid="reader-setup-active"
                >
                  {t('setupShort')}
                </Box>
              </Tooltip>
            )}
          </Stack>
        </TableCell>
        <TableCell>{reader.name}</TableCell>
        <TableCell>{reader.description}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{reader.kind}</TableCell>
        <TableCell>
          <ReaderStateChip state={reader.state} />
        </TableCell>
        <TableCell>
          <ConfigurationChips configurations={reader.configurations} />
        </TableCell>
        <TableCell>
          <HealthChip heartbeats={reader.heartbeats} now={now} />
        </TableCell>
        <TableCell align="right">
          <ReaderRowMenu
            reader={reader}
            handheld={false}
            onPremise={onPremise}
            onAction={(action) =>
              action === 'edit'
                ? void navigate(`/readers/edit-reader-template/${reader.uuid}`)
                : actions.run(action, reader)
            }
          />
        </TableCell>
      </TableRow>
    );
  };

  return (
    <Card>
      <ListToolbar
        state={state}
        searchLabel={t('searchLabel')}
        searchPlaceholder={t('searchPlaceholder')}
        testId="reader"
        actions={
          <>
            {expired.length > 0 && (
              <Tooltip title={t('setupExpiredTitle')}>
                <IconButton
                  color="warning"
                  aria-label={t('setupExpiredTitle')}
                  onClick={() => setDismissed('')}
                  data-testid="setup-expired-alert"
                  sx={{ animation: `${pulse} 1.2s ease-in-out infinite` }}
                >
                  <WarningIcon />
                </IconButton>
              </Tooltip>
            )}
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => void navigate(onPremise ? ADD_READER_ONPREMISE : ADD_READER_CLOUD)}
              data-testid="add-reader"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('addReader')}
            </Button>
          </>
        }
      />
      <Divider />
      <PagedTable
        columns={columns}
        query={list}
        state={state}
        pageSizes={READER_PAGE_SIZES}
        renderRow={renderRow}
        empty={{ icon: <RouterIcon />, title: t('emptyList') }}
        errorText={t('loadFailed')}
        label={t('tabFixed')}
        testId="reader"
      />
      {actions.dialogs}
      <SetupExpiryDialog
        open={alertOpen}
        readers={expired}
        busy={busy}
        onContinue={() => void continueSetup()}
        onDisable={() => void disableSetup()}
        onClose={() => setDismissed(expiryKey)}
      />
    </Card>
  );
}

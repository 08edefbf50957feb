import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroidOutlined';
import { READER_DEFAULT_PAGE_SIZE, READER_PAGE_SIZES, type Reader } from '@tagtrack/contract';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../../components/paged-table';
import { useInstanceSubscription } from '../../../../shared/configuration/get-instance-subscription';
import { useReaders } from '../../api/list-readers';
import { formatMinute } from '../model/reader-list-rules';
import { useNow } from '../model/use-setup-mode-expiry';
import { ConfigurationChips } from './configuration-chips';
import { HandheldAddressDialog } from './handheld-address-dialog';
import { HandheldReaderDialog } from './handheld-reader-dialog';
import { ReaderStateChip } from './reader-chips';
import { ReaderRowMenu } from './reader-row-menu';
import { useReaderActions } from './use-reader-actions';

type Editing =
  | { kind: 'address' }
  | { kind: 'add'; address?: { ip_address: string; serial?: string } }
  | { kind: 'edit'; reader: Reader };

/**
 * The Handheld Readers tab (02 §2 Handheld reader list): family hh, search, reset (empty search,
 * page 1, 20 rows, by serial), Add Reader (on-premise: the address first), the spec's columns and
 * row menu.
 */
export function HandheldReaderListTab() {
  const { t } = useTranslation(['readers', 'common']);
  const onPremise = useInstanceSubscription().data?.on_premise ?? false;
  const state = useListState({
    pageSize: READER_DEFAULT_PAGE_SIZE,
    ordering: 'serial',
    sortFields: ['serial', 'name', 'description', 'state', 'last_process_list'],
  });
  const list = useReaders({ ...state.query, reader_family: 'hh' });
  const now = useNow();
  const actions = useReaderActions({ onPremise, handheld: true, now });
  const [editing, setEditing] = useState<Editing | null>(null);

  const columns: PagedColumn[] = [
    { key: 'serial', label: t('columnSerial'), sortField: 'serial' },
    { key: 'name', label: t('columnName'), sortField: 'name' },
    { key: 'description', label: t('columnDescription'), sortField: 'description' },
    { key: 'state', label: t('columnState'), sortField: 'state' },
    { key: 'configurations', label: t('columnConfigurationList') },
    { key: 'last_process_list', label: t('columnLastUsed'), sortField: 'last_process_list' },
    { key: 'actions', label: t('common:columnActions'), align: 'right', width: 72 },
  ];

  const renderRow = (reader: Reader) => (
    <TableRow key={reader.uuid} hover data-testid="handheld-row" data-serial={reader.serial}>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {reader.serial}
        </Typography>
      </TableCell>
      <TableCell>{reader.name}</TableCell>
      <TableCell>{reader.description}</TableCell>
      <TableCell>
        <ReaderStateChip state={reader.state} />
      </TableCell>
      <TableCell>
        <ConfigurationChips configurations={reader.configurations} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="handheld-last-used">
        {reader.last_process_list ? formatMinute(reader.last_process_list) : t('unknown')}
      </TableCell>
      <TableCell align="right">
        <ReaderRowMenu
          reader={reader}
          handheld
          onPremise={onPremise}
          onAction={(action) =>
            action === 'edit' ? setEditing({ kind: 'edit', reader }) : actions.run(action, reader)
          }
        />
      </TableCell>
    </TableRow>
  );

  return (
    <Card>
      <ListToolbar
        state={state}
        searchLabel={t('searchLabel')}
        searchPlaceholder={t('searchPlaceholder')}
        testId="handheld"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing(onPremise ? { kind: 'address' } : { kind: 'add' })}
            data-testid="add-handheld"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('addReader')}
          </Button>
        }
      />
      <Divider />
      <PagedTable
        columns={columns}
        query={list}
        state={state}
        pageSizes={READER_PAGE_SIZES}
        renderRow={renderRow}
        empty={{ icon: <PhoneAndroidIcon />, title: t('emptyList') }}
        errorText={t('loadFailed')}
        label={t('tabHandheld')}
        testId="handheld"
      />
      {editing?.kind === 'address' && (
        <HandheldAddressDialog
          onClose={() => setEditing(null)}
          onValidated={(address) => setEditing({ kind: 'add', address })}
        />
      )}
      {(editing?.kind === 'add' || editing?.kind === 'edit') && (
        <HandheldReaderDialog
          key={editing.kind === 'edit' ? editing.reader.uuid : 'add'}
          reader={editing.kind === 'edit' ? editing.reader : undefined}
          address={editing.kind === 'add' ? editing.address : undefined}
          onPremise={onPremise}
          onClose={() => setEditing(null)}
          onCreated={(credentials) => {
            setEditing(null);
            if (credentials) actions.showCredentials(credentials);
          }}
        />
      )}
      {actions.dialogs}
    </Card>
  );
}

import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import {
  configurationDeleteRefusal,
  READER_DEFAULT_PAGE_SIZE,
  READER_PAGE_SIZES,
  type ReaderConfiguration,
} from '@tagtrack/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/feedback/use-notify';
import {
  ListToolbar,
  PagedTable,
  urlFilter,
  useListState,
  type ListStateOptions,
  type PagedColumn,
} from '../../../components/paged-table';
import { RowActionMenu } from '../../../components/row-action-menu';
import { useDeleteConfiguration } from '../api/delete-configuration';
import { useConfigurations } from '../api/list-configurations';
import { CONFIGURATION_PATHS } from './configuration-paths';
import { useReaderAppLabel } from './reader-app-label';

type RowAction = 'edit' | 'duplicate' | 'delete';

function ConfigurationRow({
  configuration,
  onDelete,
}: {
  configuration: ReaderConfiguration;
  onDelete: (configuration: ReaderConfiguration) => void;
}) {
  const { t } = useTranslation(['readerConfigurations', 'validation']);
  const navigate = useNavigate();
  const appLabel = useReaderAppLabel();
  const refusal = configurationDeleteRefusal(configuration);
  const items = [
    {
      action: 'edit' as const,
      icon: <EditIcon fontSize="small" />,
      label: t('menuEdit'),
      testId: 'configuration-menu-edit',
    },
    ...(configuration.is_template
      ? [
          {
            action: 'duplicate' as const,
            icon: <ContentCopyIcon fontSize="small" />,
            label: t('menuCreateFromTemplate'),
            testId: 'configuration-menu-duplicate',
          },
        ]
      : []),
    {
      action: 'delete' as const,
      icon: <DeleteIcon fontSize="small" />,
      label: t('menuDelete'),
      testId: 'configuration-menu-delete',
      disabledReason: refusal && t(`validation:${refusal}`),
    },
  ];
  const act = (action: RowAction) => {
    if (action === 'edit') void navigate(CONFIGURATION_PATHS.edit(configuration.id));
    else if (action === 'duplicate') void navigate(CONFIGURATION_PATHS.fromTemplate(configuration.id));
    else onDelete(configuration);
  };
  return (
    <TableRow hover data-testid="configuration-row">
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }} data-testid="configuration-name">
          {configuration.name}
        </Typography>
        {configuration.description && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', wordBreak: 'break-word' }}>
            {configuration.description}
          </Typography>
        )}
      </TableCell>
      <TableCell data-testid="configuration-type">{configuration.reader_type}</TableCell>
      <TableCell data-testid="configuration-app">{appLabel(configuration.application)}</TableCell>
      <TableCell data-testid="configuration-location">
        {configuration.location_name ?? (
          <Typography component="span" variant="body2" color="text.disabled">
            –
          </Typography>
        )}
      </TableCell>
      <TableCell data-testid="configuration-template">
        {configuration.is_template && (
          <Chip size="small" color="secondary" variant="outlined" label={t('templateChip')} />
        )}
      </TableCell>
      <TableCell align="right" data-testid="configuration-readers">
        {configuration.reader_count}
      </TableCell>
      <TableCell align="right" sx={{ py: 0.75 }}>
        <RowActionMenu<RowAction>
          label={t('actionsFor', { name: configuration.name })}
          testId="configuration-actions"
          items={items}
          onAction={act}
        />
      </TableCell>
    </TableRow>
  );
}

/** The configuration list's view in the URL, with the switch as `show_handhelds_and_templates=true`. */
const CONFIGURATION_LIST: ListStateOptions<{ show_handhelds_and_templates: boolean }> = {
  pageSize: READER_DEFAULT_PAGE_SIZE,
  ordering: 'name',
  sortFields: ['name'],
  filters: { show_handhelds_and_templates: urlFilter.flag() },
};

/**
 * The Configuration tab of /readers (02 §2, §3): search, reset, the 'Show handhelds and templates'
 * switch, the paged list and each row's Edit, Create configuration (templates) and Delete.
 */
export function ConfigurationListTab() {
  const { t } = useTranslation(['readerConfigurations', 'common']);
  const notify = useNotify();
  const navigate = useNavigate();
  const state = useListState(CONFIGURATION_LIST);
  const showAll = state.filters.show_handhelds_and_templates;
  const [deleting, setDeleting] = useState<ReaderConfiguration | null>(null);
  const remove = useDeleteConfiguration();
  const list = useConfigurations({ ...state.query, show_handhelds_and_templates: showAll });

  useEffect(() => {
    if (list.error) notify.error(t('loadFailed'), list.error);
  }, [list.error, notify, t]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(t('deleted', { name: deleting.name }));
    } catch (error) {
      // A configuration in use is refused: the server's detail says why.
      notify.error(t('deleteFailed'), error, { withDetail: true });
    }
    setDeleting(null);
  };

  const columns: PagedColumn[] = [
    { key: 'name', label: t('columnName'), sortField: 'name', width: '26%' },
    { key: 'type', label: t('columnReaderType') },
    { key: 'app', label: t('columnApplication') },
    { key: 'location', label: t('columnLocation') },
    { key: 'template', label: t('columnTemplate') },
    { key: 'readers', label: t('columnReaders'), align: 'right' },
    { key: 'actions', label: t('columnActions'), align: 'right', width: 72 },
  ];

  return (
    <Card>
      <ListToolbar
        state={state}
        searchLabel={t('searchLabel')}
        searchPlaceholder={t('searchPlaceholder')}
        testId="configuration"
        filters={
          <FormControlLabel
            control={
              <Switch
                checked={showAll}
                onChange={(event) => state.setFilters({ show_handhelds_and_templates: event.target.checked })}
                data-testid="configuration-show-all"
              />
            }
            label={t('showHandheldsAndTemplates')}
            sx={{ whiteSpace: 'nowrap', mr: 0 }}
          />
        }
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void navigate(CONFIGURATION_PATHS.add)}
            data-testid="add-configuration"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('addConfiguration')}
          </Button>
        }
      />
      <Divider />
      <PagedTable<ReaderConfiguration>
        columns={columns}
        query={list}
        state={state}
        pageSizes={READER_PAGE_SIZES}
        label={t('tableLabel')}
        testId="configuration"
        errorText={t('loadFailed')}
        empty={{
          icon: <TuneIcon />,
          title: t('empty'),
          text: state.term ? t('emptySearch', { search: state.term }) : t('emptyHint'),
        }}
        renderRow={(configuration) => (
          <ConfigurationRow key={configuration.id} configuration={configuration} onDelete={setDeleting} />
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        confirmLabel={t('confirmDelete')}
        busy={remove.isPending}
        testId="configuration-delete-dialog"
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {t('deleteBody', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Card>
  );
}

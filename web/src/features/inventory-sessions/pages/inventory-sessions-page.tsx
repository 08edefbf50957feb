import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import PauseIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayIcon from '@mui/icons-material/PlayCircleOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import {
  PAGE_SIZES,
  allowedSessionActions,
  type InventorySession,
  type InventorySessionAction,
  type InventorySessionStatus,
} from '@tagtrack/contract';
import { PageHeader } from '../../../components/page-header';
import {
  PagedTable,
  urlFilter,
  useListState,
  type ListStateOptions,
  type PagedColumn,
} from '../../../components/paged-table';
import { RowActionMenu, type RowAction } from '../../../components/row-action-menu';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useSessions } from '../api/sessions';
import { NewSessionDialog } from '../components/new-session-dialog';
import { SessionStatusChip } from '../components/session-status-chip';
import { useSessionActions, ACTION_LABEL } from '../components/use-session-actions';

export type SessionTab = 'open' | 'history';

/** The open tab lists the sessions still counting or in triage (03 §4); history the finished ones. */
export const TAB_STATUSES: Record<SessionTab, readonly InventorySessionStatus[]> = {
  open: ['pending', 'triage', 'reopen'],
  history: ['confirmed', 'abandoned'],
};
/** The sessions' view in the URL; the history tab is `tab=history`. */
const LIST_DEFAULTS: ListStateOptions<{ tab: SessionTab }> = {
  pageSize: 10,
  ordering: '-created_at',
  sortFields: ['hash', 'status', 'created_at'],
  filters: { tab: urlFilter.text<SessionTab>('open', /^(open|history)$/) },
};
/** Open sessions change while handhelds count: the list refreshes every 5 s. */
const OPEN_REFRESH_MS = 5_000;

export const ACTION_ICONS: Record<InventorySessionAction, ReactNode> = {
  triage: <PauseIcon fontSize="small" />,
  confirm: <DoneAllIcon fontSize="small" />,
  reopen: <PlayIcon fontSize="small" />,
  abandon: <BlockIcon fontSize="small" />,
};

type RowMenuAction = InventorySessionAction | 'view';

function SessionRow({
  session,
  onAction,
}: {
  session: InventorySession;
  onAction: (action: RowMenuAction, session: InventorySession) => void;
}) {
  const { t } = useTranslation('inventorySessions');
  const items: RowAction<RowMenuAction>[] = [
    { action: 'view', icon: <VisibilityIcon fontSize="small" />, label: t('actionView'), testId: 'session-menu-view' },
    ...allowedSessionActions(session.status).map((action) => ({
      action,
      icon: ACTION_ICONS[action],
      label: t(ACTION_LABEL[action]),
      testId: `session-menu-${action}`,
    })),
  ];
  const names = session.locations.map((l) => l.name).join(', ');
  return (
    <TableRow hover data-testid="session-row" data-hash={session.hash}>
      <TableCell>
        <Link
          component={RouterLink}
          to={`/inventory/inventory-session/${session.hash}`}
          sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: '1rem', letterSpacing: 1 }}
          data-testid="session-link"
        >
          {session.hash}
        </Link>
      </TableCell>
      <TableCell>
        <SessionStatusChip status={session.status} />
      </TableCell>
      <TableCell>
        <Box title={names} sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {names}
        </Box>
      </TableCell>
      <TableCell align="right">{session.read_count}</TableCell>
      <TableCell>{session.created_by__username ?? ''}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(session.created_at)}</TableCell>
      <TableCell align="right" sx={{ py: 0.75 }}>
        <RowActionMenu
          label={t('actionsFor', { hash: session.hash })}
          testId="session-menu"
          items={items}
          onAction={(action) => onAction(action, session)}
        />
      </TableCell>
    </TableRow>
  );
}

/**
 * inventory/inventory-session (03 §2): the open sessions (refreshing while handhelds count) and the
 * finished ones, New session with the location tree, and each row's actions for its status.
 */
export function InventorySessionsPage() {
  const { t } = useTranslation(['inventorySessions', 'menu', 'common']);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const state = useListState(LIST_DEFAULTS);
  const { tab } = state.filters;
  const list = useSessions({ ...state.query, status: TAB_STATUSES[tab] }, tab === 'open' ? OPEN_REFRESH_MS : false);
  const actions = useSessionActions();

  const columns: PagedColumn[] = [
    { key: 'hash', label: t('columnSession'), sortField: 'hash' },
    { key: 'status', label: t('columnStatus'), sortField: 'status' },
    { key: 'locations', label: t('columnLocations') },
    { key: 'reads', label: t('columnReads'), align: 'right' },
    { key: 'created_by', label: t('columnCreatedBy') },
    { key: 'created_at', label: t('columnCreated'), sortField: 'created_at' },
    { key: 'actions', label: '', width: 56 },
  ];

  const onAction = (action: RowMenuAction, session: InventorySession) => {
    if (action === 'view') void navigate(`/inventory/inventory-session/${session.hash}`);
    else actions.run(session, action);
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ label: t('menu:inventory'), to: '/inventory' }]}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            data-testid="session-new"
          >
            {t('newSession')}
          </Button>
        }
      />
      <Card variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, next: SessionTab) => state.setFilters({ tab: next })}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="open" label={t('tabOpen')} data-testid="session-tab-open" />
          <Tab value="history" label={t('tabHistory')} data-testid="session-tab-history" />
        </Tabs>
        <PagedTable
          columns={columns}
          query={list}
          state={state}
          pageSizes={PAGE_SIZES}
          renderRow={(session) => <SessionRow key={session.id} session={session} onAction={onAction} />}
          empty={{
            icon: <InventoryIcon />,
            title: tab === 'open' ? t('emptyOpen') : t('emptyHistory'),
            text: tab === 'open' ? t('emptyOpenText') : undefined,
          }}
          errorText={t('loadFailed')}
          label={t('title')}
          testId="session-table"
        />
      </Card>
      <NewSessionDialog open={creating} onClose={() => setCreating(false)} />
      {actions.dialog}
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import type { ManagementGroup } from '@tagtrack/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/feedback/use-notify';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/list-groups';
import { GroupFormDialog } from './components/group-form-dialog';
import { GroupRowMenu, type GroupRowAction } from './components/group-row-menu';
import { GroupUsersDialog } from './components/group-users-dialog';

/** Group page sizes (03 §9): 20, 25, 50, 100, 20 by default, ordered by group name. */
export const GROUP_PAGE_SIZES = [20, 25, 50, 100] as const;
const GROUP_LIST_DEFAULTS = {
  pageSize: 20,
  ordering: 'group_name',
  pageSizes: GROUP_PAGE_SIZES,
  sortFields: ['group_name'],
};

type Pending = { kind: 'add' } | { kind: GroupRowAction; group: ManagementGroup };

/**
 * The Groups tab of /user-tabs (03 §2 Groups tab): search, reset, Add Group, the server-paged table
 * of groups with their user counts, and each row's menu: rename, delete, assign users, and view or
 * remove the members.
 */
export function GroupListTab() {
  const { t } = useTranslation(['groups', 'common']);
  const notify = useNotify();
  const state = useListState(GROUP_LIST_DEFAULTS);
  const list = useGroups(state.query);
  const remove = useDeleteGroup();
  // The pending action outlives `open`, so a closing dialog keeps its content during its
  // transition; `session` gives every opening a fresh dialog (empty form, no ticked users).
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const start = (next: Pending) => {
    setPending(next);
    setSession((n) => n + 1);
    setOpen(true);
  };
  const close = () => setOpen(false);

  const columns: PagedColumn[] = [
    { key: 'group_name', label: t('columnGroupName'), sortField: 'group_name' },
    { key: 'user_count', label: t('columnUserCount'), width: 160 },
    { key: 'actions', label: t('common:columnActions'), align: 'right', width: 88 },
  ];

  const confirmDelete = async (group: ManagementGroup) => {
    try {
      await remove.mutateAsync(group.id);
      notify.success(t('deleted'));
      close();
    } catch (error) {
      notify.error(t('deleteFailed'), error, { withDetail: true, preferredFields: ['group_name'] });
    }
  };

  return (
    <Card>
      <ListToolbar
        state={state}
        searchLabel={t('searchLabel')}
        searchPlaceholder={t('searchPlaceholder')}
        testId="group"
        actions={
          <Button
            variant="contained"
            startIcon={<GroupAddIcon />}
            onClick={() => start({ kind: 'add' })}
            data-testid="add-group"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('addGroup')}
          </Button>
        }
      />
      <Divider />
      <PagedTable
        columns={columns}
        query={list}
        state={state}
        pageSizes={GROUP_PAGE_SIZES}
        label={t('tableLabel')}
        testId="group"
        errorText={t('loadFailed')}
        empty={{
          icon: <GroupsIcon />,
          title: t('emptyTitle'),
          text: state.term ? t('emptySearchHint', { search: state.term }) : t('emptyHint'),
        }}
        renderRow={(group) => (
          <TableRow key={group.id} hover data-testid="group-row" data-name={group.group_name}>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="group-name">
                {group.group_name}
              </Typography>
            </TableCell>
            <TableCell data-testid="group-user-count">{group.user_count}</TableCell>
            <TableCell align="right" sx={{ py: 0.75 }}>
              <GroupRowMenu group={group} onAction={(action) => start({ kind: action, group })} />
            </TableCell>
          </TableRow>
        )}
      />
      {pending && (pending.kind === 'add' || pending.kind === 'edit') && (
        <GroupFormDialog
          key={session}
          open={open}
          group={pending.kind === 'edit' ? pending.group : null}
          onClose={close}
        />
      )}
      {pending && (pending.kind === 'assign' || pending.kind === 'remove') && (
        <GroupUsersDialog key={session} open={open} group={pending.group} mode={pending.kind} onClose={close} />
      )}
      {pending?.kind === 'delete' && (
        <ConfirmDialog
          open={open}
          title={t('deleteTitle')}
          confirmLabel={t('deleteConfirm')}
          busy={remove.isPending}
          onConfirm={() => void confirmDelete(pending.group)}
          onClose={close}
          testId="group-delete"
        >
          {t('deleteText', { name: pending.group.group_name })}
        </ConfirmDialog>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { PAGE_SIZES, type ManagementGroup, type UserAdmin } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../../components/paged-table';
import { useInstanceSubscription } from '../../../../shared/configuration/get-instance-subscription';
import { useAddGroupUsers } from '../../api/add-group-users';
import { useGroupUsers } from '../../api/list-group-users';
import { useRemoveGroupUsers } from '../../api/remove-group-users';
import { RoleChip } from '../../../../components/role-chip';

/** assign: the users not in the group, to add; remove: its members, to take out (03 §2 Groups tab). */
export type GroupUsersMode = 'assign' | 'remove';

/**
 * The dialog's list stays in memory, not in the URL: a dialog is no place of the console, a link
 * could not reopen it, and its view would outlive it in the groups list's URL.
 */
const USER_LIST_DEFAULTS = { pageSize: 10, ordering: 'username', storage: 'memory' } as const;

function fullName(user: UserAdmin): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

/**
 * The users of one group to choose from, server-paged with search: tick users (or the whole page)
 * and assign them to the group or remove them from it. The choice holds across pages. E-mail is a
 * cloud column: on-premise users have none.
 */
export function GroupUsersDialog({
  open,
  group,
  mode,
  onClose,
}: {
  open: boolean;
  group: ManagementGroup;
  mode: GroupUsersMode;
  onClose: () => void;
}) {
  const { t } = useTranslation(['groups', 'common']);
  const notify = useNotify();
  const onPremise = useInstanceSubscription().data?.on_premise ?? false;
  const state = useListState(USER_LIST_DEFAULTS);
  const list = useGroupUsers(group.id, mode === 'assign' ? 'others' : 'members', state.query);
  const add = useAddGroupUsers();
  const remove = useRemoveGroupUsers();
  const mutation = mode === 'assign' ? add : remove;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const pageIds = (list.data?.results ?? []).map((user) => user.id);
  const pageSelected = pageIds.filter((id) => selected.has(id)).length;
  const toggle = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const columns: PagedColumn[] = [
    {
      key: 'select',
      width: 56,
      label: (
        <Checkbox
          size="small"
          checked={pageIds.length > 0 && pageSelected === pageIds.length}
          indeterminate={pageSelected > 0 && pageSelected < pageIds.length}
          disabled={pageIds.length === 0}
          onChange={(event) => toggle(pageIds, event.target.checked)}
          slotProps={{ input: { 'aria-label': t('selectAllOnPage') } }}
          data-testid="group-users-select-page"
        />
      ),
    },
    { key: 'username', label: t('columnUsername'), sortField: 'username' },
    { key: 'name', label: t('columnName'), sortField: 'first_name' },
    ...(onPremise ? [] : [{ key: 'email', label: t('columnEmail'), sortField: 'email' }]),
    { key: 'role', label: t('columnRole'), width: 140 },
  ];

  const confirm = async () => {
    try {
      await mutation.mutateAsync({ groupId: group.id, users: [...selected] });
      notify.success(mode === 'assign' ? t('assigned') : t('removed'));
      onClose();
    } catch (error) {
      notify.error(mode === 'assign' ? t('assignFailed') : t('removeFailed'), error, {
        withDetail: true,
        preferredFields: ['group_name', 'users'],
      });
    }
  };

  const empty = state.term
    ? { title: t('usersEmptySearchTitle'), text: t('usersEmptySearchHint', { search: state.term }) }
    : mode === 'assign'
      ? { title: t('assignEmptyTitle'), text: t('assignEmptyHint') }
      : { title: t('removeEmptyTitle'), text: t('removeEmptyHint') };

  return (
    <Dialog
      open={open}
      onClose={mutation.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="group-users-title"
      data-testid="group-users-dialog"
      data-mode={mode}
    >
      <DialogTitle id="group-users-title" sx={{ pb: 0.5 }}>
        {mode === 'assign' ? t('assignTitle') : t('removeTitle')}
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, wordBreak: 'break-word' }}>
        {mode === 'assign' ? t('assignHint', { name: group.group_name }) : t('removeHint', { name: group.group_name })}
      </Typography>
      <DialogContent sx={{ px: 0, pb: 0 }}>
        <ListToolbar
          state={state}
          searchLabel={t('usersSearchLabel')}
          searchPlaceholder={t('usersSearchPlaceholder')}
          testId="group-users"
        />
        <Divider />
        <PagedTable
          columns={columns}
          query={list}
          state={state}
          pageSizes={PAGE_SIZES}
          label={t('usersTableLabel')}
          testId="group-users"
          errorText={t('usersLoadFailed')}
          empty={{ icon: <PeopleIcon />, ...empty }}
          renderRow={(user) => {
            const checked = selected.has(user.id);
            const role = user.roles[0];
            return (
              <TableRow
                key={user.id}
                hover
                selected={checked}
                onClick={() => toggle([user.id], !checked)}
                sx={{ cursor: 'pointer' }}
                data-testid="group-user-row"
                data-username={user.username}
              >
                <TableCell padding="checkbox" sx={{ pl: 1 }}>
                  <Checkbox
                    size="small"
                    checked={checked}
                    onClick={(event) => event.stopPropagation()}
                    onChange={(event) => toggle([user.id], event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('selectUser', { username: user.username }) } }}
                  />
                </TableCell>
                <TableCell sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{user.username}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{fullName(user)}</TableCell>
                {!onPremise && <TableCell sx={{ wordBreak: 'break-word' }}>{user.email}</TableCell>}
                <TableCell>
                  <RoleChip role={role} />
                </TableCell>
              </TableRow>
            );
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary" data-testid="group-users-selected">
          {selected.size > 0 ? t('selectedCount', { count: selected.size }) : ''}
        </Typography>
        <div>
          <Button color="inherit" onClick={onClose} disabled={mutation.isPending} sx={{ mr: 1 }}>
            {t('common:cancel')}
          </Button>
          <Button
            variant="contained"
            color={mode === 'assign' ? 'primary' : 'error'}
            disabled={selected.size === 0}
            loading={mutation.isPending}
            onClick={() => void confirm()}
            data-testid="group-users-confirm"
          >
            {mode === 'assign'
              ? t('assignConfirm', { count: selected.size })
              : t('removeConfirm', { count: selected.size })}
          </Button>
        </div>
      </DialogActions>
    </Dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { PAGE_SIZES, type CurrentUser, type UserAdmin } from '@tagtrack/contract';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { useNotify } from '../../../../components/feedback/use-notify';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../../components/paged-table';
import { useMe } from '../../../../lib/auth/get-me';
import { useInstanceSubscription } from '../../../../shared/configuration/get-instance-subscription';
import { useDeleteUser } from '../../api/delete-user';
import { useUsers } from '../../api/list-users';
import { useResetUserPassword } from '../../api/reset-user-password';
import { rowActions } from '../model/user-list-rules';
import { UserFormDialog } from './user-form-dialog';
import { UserRowMenu, type UserRowAction } from './user-row-menu';
import { RoleChip } from '../../../../components/role-chip';

/** User page sizes and ordering (02 §9): 10, 20, 50, 100 rows, 10 by default, by username. */
const USER_LIST_DEFAULTS = {
  pageSize: 10,
  ordering: 'username',
  sortFields: ['username', 'first_name', 'last_name', 'email'],
};
/** One group chip, then a +N chip whose tooltip names them all: the row stays one line. */
const GROUP_CHIPS = 1;

/** Column headers stay on one line; a narrow screen scrolls the table instead. */
const oneLine = (label: string) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {label}
  </Box>
);

type Pending = { kind: 'add' } | { kind: 'edit' | 'delete' | 'resetPassword'; user: UserAdmin };

function GroupChips({ groups }: { groups: string[] }) {
  const { t } = useTranslation('users');
  if (groups.length === 0)
    return (
      <Typography variant="body2" color="text.disabled">
        {t('noGroups')}
      </Typography>
    );
  const shown = groups.slice(0, GROUP_CHIPS);
  const hidden = groups.length - shown.length;
  return (
    <Stack direction="row" spacing={0.5} data-testid="user-groups">
      {shown.map((group) => (
        <Chip key={group} size="small" variant="outlined" label={group} title={group} sx={{ maxWidth: 100 }} />
      ))}
      {hidden > 0 && (
        <Tooltip title={groups.join(', ')}>
          <Chip size="small" label={t('moreGroups', { count: hidden })} />
        </Tooltip>
      )}
    </Stack>
  );
}

function UserRow({
  user,
  me,
  onPremise,
  onAction,
}: {
  user: UserAdmin;
  me: CurrentUser;
  onPremise: boolean;
  onAction: (action: UserRowAction, user: UserAdmin) => void;
}) {
  const { t } = useTranslation('users');
  const own = user.id === me.id;
  return (
    <TableRow hover data-testid="user-row" data-username={user.username}>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="user-username">
            {user.username}
          </Typography>
          {own && <Chip size="small" label={t('you')} sx={{ height: 20, fontSize: 11 }} />}
        </Stack>
      </TableCell>
      <TableCell>{user.first_name}</TableCell>
      <TableCell>{user.last_name}</TableCell>
      {!onPremise && (
        <TableCell>
          <Box
            title={user.email}
            sx={{ maxWidth: 170, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {user.email}
          </Box>
        </TableCell>
      )}
      {!onPremise && <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.phone_number}</TableCell>}
      <TableCell>
        <RoleChip testId="user-role" role={user.roles[0]} />
      </TableCell>
      <TableCell>
        <GroupChips groups={user.management_groups} />
      </TableCell>
      <TableCell align="right" sx={{ py: 0.75 }}>
        <UserRowMenu
          user={user}
          actions={rowActions(user, me, onPremise)}
          onAction={(action) => onAction(action, user)}
        />
      </TableCell>
    </TableRow>
  );
}

/**
 * The Users tab of User Management (02 §2 User management): search, reset, Add User, the
 * server-paged table and each row's menu with the add/edit dialog and the delete and reset-password
 * questions. E-mail and phone exist in the cloud variant only.
 */
export function UserListTab() {
  const { t } = useTranslation(['users', 'common']);
  const notify = useNotify();
  const me = useMe().data;
  const onPremise = useInstanceSubscription().data?.on_premise ?? false;
  const state = useListState(USER_LIST_DEFAULTS);
  const list = useUsers(state.query);
  const remove = useDeleteUser();
  const resetPassword = useResetUserPassword();
  // The pending action outlives `open`, so a closing dialog keeps its text during its transition.
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const start = (next: Pending) => {
    setPending(next);
    setOpen(true);
  };
  const close = () => setOpen(false);

  const columns: PagedColumn[] = [
    { key: 'username', label: oneLine(t('columnUsername')), sortField: 'username' },
    { key: 'first_name', label: oneLine(t('columnFirstName')), sortField: 'first_name' },
    { key: 'last_name', label: oneLine(t('columnLastName')), sortField: 'last_name' },
    ...(onPremise
      ? []
      : [
          { key: 'email', label: oneLine(t('columnEmail')), sortField: 'email' },
          { key: 'phone', label: oneLine(t('columnPhone')) },
        ]),
    { key: 'role', label: oneLine(t('columnRole')) },
    { key: 'groups', label: oneLine(t('columnGroups')) },
    { key: 'actions', label: oneLine(t('common:columnActions')), align: 'right', width: 88 },
  ];

  const confirmDelete = async (user: UserAdmin) => {
    try {
      await remove.mutateAsync(user.id);
      notify.success(t('deleted'));
    } catch (error) {
      // Asking again would not help (own account, last administrator): the snackbar says why.
      notify.error(t('deleteFailed'), error, { withDetail: true });
    }
    close();
  };

  const confirmResetPassword = async (user: UserAdmin) => {
    try {
      await resetPassword.mutateAsync(user.id);
      notify.success(t('resetSent', { email: user.email }));
    } catch (error) {
      notify.error(t('resetFailed'), error, { withDetail: true, preferredFields: ['email'] });
    }
    close();
  };

  if (!me) return null;
  return (
    <Card>
      <ListToolbar
        state={state}
        searchLabel={t('searchLabel')}
        searchPlaceholder={t('searchPlaceholder')}
        testId="user"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => start({ kind: 'add' })}
            data-testid="add-user"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('addUser')}
          </Button>
        }
      />
      <Divider />
      {/* Eight columns on a laptop screen: a little less padding between them than other lists. */}
      <Box
        sx={{
          '& .MuiTableCell-root': { px: 1 },
          '& .MuiTableCell-root:first-of-type': { pl: 2 },
          '& .MuiTableCell-root:last-of-type': { pr: 2 },
        }}
      >
        <PagedTable
          columns={columns}
          query={list}
          state={state}
          pageSizes={PAGE_SIZES}
          renderRow={(user: UserAdmin) => (
            <UserRow
              key={user.id}
              user={user}
              me={me}
              onPremise={onPremise}
              onAction={(kind, target) => start({ kind, user: target })}
            />
          )}
          empty={{
            icon: <PeopleIcon />,
            title: state.term ? t('emptySearch') : t('emptyList'),
            text: state.term ? t('emptySearchHint', { search: state.term }) : undefined,
          }}
          errorText={t('loadFailed')}
          label={t('tableLabel')}
          testId="user"
        />
      </Box>
      {open && (pending?.kind === 'add' || pending?.kind === 'edit') && (
        <UserFormDialog
          key={pending.kind === 'edit' ? pending.user.id : 'add'}
          target={pending.kind === 'edit' ? pending.user : undefined}
          me={me}
          onPremise={onPremise}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open && pending?.kind === 'delete'}
        title={t('deleteTitle')}
        confirmLabel={t('deleteConfirm')}
        busy={remove.isPending}
        onConfirm={() => pending?.kind === 'delete' && void confirmDelete(pending.user)}
        onClose={close}
        testId="user-delete-dialog"
      >
        {pending?.kind === 'delete' ? t('deleteText', { username: pending.user.username }) : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={open && pending?.kind === 'resetPassword'}
        title={t('resetTitle')}
        confirmLabel={t('resetConfirm')}
        destructive={false}
        busy={resetPassword.isPending}
        onConfirm={() => pending?.kind === 'resetPassword' && void confirmResetPassword(pending.user)}
        onClose={close}
        testId="user-reset-dialog"
      >
        {pending?.kind === 'resetPassword'
          ? t('resetText', { username: pending.user.username, email: pending.user.email || '—' })
          : ''}
      </ConfirmDialog>
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../components/page-header';
import { GroupListTab } from '../groups/group-list-tab';
import { UserListTab } from '../users/components/user-list-tab';
import { listViewPath } from '../../../lib/list-views';

const BASE = '/user-tabs';
type UserTab = 'users' | 'groups';
/** The path's tab: the menu links to user-management, the tabs themselves to users and groups. */
const TAB_OF_PATH: Readonly<Record<string, UserTab>> = {
  users: 'users',
  'user-management': 'users',
  groups: 'groups',
};

/** /user-tabs and /user-tabs/:tab (administrator): users and management groups, the tab selected by the path. */
export function UserTabsPage() {
  const { t } = useTranslation(['users']);
  const { tab } = useParams();
  const navigate = useNavigate();
  const current = tab === undefined ? undefined : TAB_OF_PATH[tab];
  if (!current) return <Navigate to={`${BASE}/users`} replace />;

  return (
    <>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ label: t('title'), to: `${BASE}/users` }]}
        current={current === 'users' ? t('tabUsers') : t('tabGroups')}
      />
      <Tabs
        value={current}
        onChange={(_, value: UserTab) => void navigate(listViewPath(`${BASE}/${value}`))}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="users" label={t('tabUsers')} data-testid="user-tabs-users" />
        <Tab value="groups" label={t('tabGroups')} data-testid="user-tabs-groups" />
      </Tabs>
      {current === 'users' ? <UserListTab /> : <GroupListTab />}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../components/page-header';
import { listViewPath } from '../../../lib/list-views';
import { EventsTab } from '../components/events-tab';
import { NotificationsTab } from '../components/notifications-tab';
import { EVENT_CENTER_TABS, eventCenterPath, type EventCenterTab } from '../model/event-paths';

const isTab = (tab: string | undefined): tab is EventCenterTab =>
  (EVENT_CENTER_TABS as readonly (string | undefined)[]).includes(tab);

/**
 * /event-center/:tab (03 §2, every role, sensor extension): the latest active events
 * (notifications) and the sensor monitoring events, the tab selected by the path; another tab
 * opens the notifications.
 */
export function EventCenterPage() {
  const { t } = useTranslation(['events', 'menu']);
  const { tab } = useParams();
  const navigate = useNavigate();
  if (!isTab(tab)) return <Navigate to={eventCenterPath('notifications')} replace />;
  const labels: Record<EventCenterTab, string> = { notifications: t('tabNotifications'), events: t('tabEvents') };
  return (
    <>
      <PageHeader
        title={t('menu:eventCenter')}
        breadcrumbs={[{ label: t('menu:eventCenter'), to: eventCenterPath('notifications') }]}
        current={labels[tab]}
      />
      <Tabs
        value={tab}
        onChange={(_, value: EventCenterTab) => void navigate(listViewPath(eventCenterPath(value)))}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {EVENT_CENTER_TABS.map((value) => (
          <Tab key={value} value={value} label={labels[value]} data-testid={`event-center-tab-${value}`} />
        ))}
      </Tabs>
      {tab === 'notifications' ? <NotificationsTab /> : <EventsTab />}
    </>
  );
}

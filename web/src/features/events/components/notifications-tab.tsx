import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { DEFAULT_PAGE_SIZE, NOTIFICATION_PAGE_SIZES, formatMeasurement, type Observation } from '@tagtrack/contract';
import { PollingSelect, refetchEvery, usePollingInterval } from '../../../components/list-controls';
import { PagedRow, PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useNotifications } from '../api/list-notifications';

/** The list's view in the URL: its page and page size (10, 20 or 25); the server lists newest first. */
const LIST_DEFAULTS = {
  pageSize: DEFAULT_PAGE_SIZE,
  pageSizes: NOTIFICATION_PAGE_SIZES,
  ordering: '-observation_time',
  sortFields: [],
};

/** A cell with nothing to say (an alert without a value). */
const NONE = '—';

/** The value that raised an alert with 2 decimals in the reader's language and its type's unit (03 §2: "9.25 °C"). */
function alertValue(measurements: Observation['measurements'], language: string): string {
  return measurements.value === null ? NONE : formatMeasurement(measurements.value, measurements.symbol, language);
}

/** A timestamp whose date and time may take a line each on a phone, never breaking inside either. */
function DateTime({ text }: { text: string }) {
  const [date, time] = text.split(' ');
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {date}
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {time}
      </Box>
    </>
  );
}

/** The event an alert belongs to: its rule's name (kept once the rule is deleted), or its reader's. */
const eventName = (alert: Observation) =>
  alert.kind === 'rule' ? alert.rule.name : alert.reader?.name || alert.rule.name;

/**
 * The Notifications tab of /event-center (03 §2 Latest Active Events): the alerts the events
 * raised, newest first, with their product names, value and time; it refreshes at the chosen
 * interval (notifications default to 5 s, 03 §4).
 */
export function NotificationsTab() {
  const { t, i18n } = useTranslation('events');
  const state = useListState(LIST_DEFAULTS);
  const polling = usePollingInterval('notification');
  const list = useNotifications({ page: state.query.page, page_size: state.query.page_size }, refetchEvery(polling));

  const columns: PagedColumn[] = [
    { key: 'event', label: t('columnEventName') },
    { key: 'products', label: t('columnProducts'), foldBelow: 'sm' },
    { key: 'value', label: t('columnValue'), align: 'right', width: { sm: 140 } },
    { key: 'time', label: t('columnAlertTime'), width: { sm: 200 } },
  ];

  return (
    <Card data-testid="notifications">
      <Box
        sx={{
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
        data-testid="notifications-toolbar"
      >
        <Typography variant="h2" component="h2">
          {t('notificationsTitle')}
        </Typography>
        <Box sx={{ width: 180, maxWidth: '100%' }}>
          <PollingSelect view="notification" testId="notifications-polling" />
        </Box>
      </Box>
      <Divider />
      <PagedTable<Observation>
        columns={columns}
        query={list}
        state={state}
        pageSizes={NOTIFICATION_PAGE_SIZES}
        label={t('notificationsTitle')}
        testId="notifications"
        errorText={t('notificationsLoadFailed')}
        empty={{ icon: <NotificationsNoneIcon />, title: t('notificationsEmpty'), text: t('notificationsEmptyHint') }}
        renderRow={(alert) => (
          <PagedRow
            key={alert.uuid}
            testId="notification-row"
            cells={{
              event: {
                content: eventName(alert),
                sx: { minWidth: { sm: 160 }, fontWeight: 600, overflowWrap: 'anywhere' },
                testId: 'notification-event',
              },
              products: {
                content: alert.product_names.join(', ') || NONE,
                sx: { minWidth: 160, overflowWrap: 'anywhere' },
                testId: 'notification-products',
              },
              value: {
                content:
                  alert.kind === 'reader_offline'
                    ? t('readerOffline')
                    : alert.kind === 'reader_online'
                      ? t('readerOnline')
                      : alertValue(alert.measurements, i18n.language),
                sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
                testId: 'notification-value',
              },
              time: {
                content: <DateTime text={formatTimestamp(alert.observation_time)} />,
                testId: 'notification-time',
              },
            }}
          />
        )}
      />
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import AddIcon from '@mui/icons-material/Add';
import SensorsIcon from '@mui/icons-material/SensorsOutlined';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ObservationRule } from '@tagtrack/contract';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import { Can, useCan } from '../../../lib/permissions';
import { useEvents } from '../api/list-events';
import { EVENTS_PATH, NEW_EVENT_PATH } from '../model/event-paths';
import { EventRow } from './event-row';
import { useEventDelete } from './use-event-delete';

/** The list's view in the URL: search, page, page size and sort (last edit first, 03 §2). */
const LIST_DEFAULTS = {
  pageSize: DEFAULT_PAGE_SIZE,
  ordering: '-modified',
  sortFields: ['name', 'modified'],
};

/**
 * The Events tab of /event-center (03 §2 Event screens): the sensor monitoring events by last
 * edit. New Event for roles that may create events (administrators and applications); Edit and
 * Delete for roles that may edit them (not viewers, 03 §6).
 */
export function EventsTab() {
  const { t } = useTranslation(['events', 'common']);
  const canEdit = useCan('event:edit');
  const state = useListState(LIST_DEFAULTS);
  const list = useEvents(state.query);
  const remove = useEventDelete();

  const columns: PagedColumn[] = [
    { key: 'name', label: t('columnEventName'), sortField: 'name' },
    { key: 'modified', label: t('columnLastEdit'), sortField: 'modified', width: 200 },
    ...(canEdit ? [{ key: 'actions', label: t('common:columnActions'), align: 'right' as const, width: 112 }] : []),
  ];

  return (
    <Card data-testid="events">
      <CardHeader
        title={t('eventsTitle')}
        subheader={t('eventsSubtitle')}
        action={
          <Can permission="event:create">
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={RouterLink}
              to={NEW_EVENT_PATH}
              state={{ returnTo: EVENTS_PATH }}
              data-testid="event-new"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('newEvent')}
            </Button>
          </Can>
        }
        sx={{ flexWrap: 'wrap', gap: 1.5, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <ListToolbar
        state={state}
        searchLabel={t('searchLabel')}
        searchPlaceholder={t('searchPlaceholder')}
        testId="event"
      />
      <Divider />
      <PagedTable<ObservationRule>
        columns={columns}
        query={list}
        state={state}
        pageSizes={PAGE_SIZES}
        label={t('eventsTitle')}
        testId="event"
        errorText={t('eventsLoadFailed')}
        empty={{
          icon: <SensorsIcon />,
          title: t('eventsEmpty'),
          text: state.term ? t('eventsEmptySearch', { search: state.term }) : t('eventsEmptyHint'),
        }}
        renderRow={(event) => <EventRow key={event.id} event={event} canEdit={canEdit} onDelete={remove.ask} />}
      />
      {remove.dialog}
    </Card>
  );
}

import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useEvent } from '../api/get-event';
import { useEventRecipients } from '../api/list-event-recipients';
import { useMeasurementTypes } from '../../../shared/sensors/get-measurement-types';
import { EventNotFound } from '../components/event-not-found';
import { EventForm } from '../components/form/event-form';
import { EVENTS_PATH } from '../model/event-paths';

/** Ids are uuids: anything else names no event (the page says not found without asking). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /event-center/event-form (New Event) and /event-center/event-form/:id (Edit Event), 03 §2. The
 * form waits for the measurement types (a new event watches the first), the users it may notify
 * and, when editing, the event; it says when the event is missing or something failed to load.
 */
export function EventFormPage() {
  const { t } = useTranslation(['events', 'common']);
  const { id } = useParams();
  const editing = id !== undefined;
  const valid = editing && UUID.test(id);
  const event = useEvent(id ?? '', valid);
  const types = useMeasurementTypes();
  const users = useEventRecipients();

  const missing = editing && (!valid || (isApiError(event.error) && event.error.status === 404));
  const failed = (editing && event.isError) || types.isError;
  // Without the users every saved recipient shows as a custom one: the form still works.
  const loading = (editing && event.isPending) || types.isPending || users.isPending;

  if (missing || failed || loading) {
    return (
      <>
        <PageHeader
          title={missing ? t('eventNotFound') : editing ? t('editEvent') : t('newEvent')}
          breadcrumbs={[{ label: t('breadcrumbEvents'), to: EVENTS_PATH }]}
        />
        {missing ? (
          <EventNotFound />
        ) : failed ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  if (event.isError) void event.refetch();
                  if (types.isError) void types.refetch();
                }}
              >
                {t('common:retry')}
              </Button>
            }
          >
            {event.isError ? t('loadEventFailed') : t('formLoadFailed')}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress />
          </Box>
        )}
      </>
    );
  }
  return (
    <Fragment key={event.data?.id ?? 'new'}>
      <EventForm event={editing ? event.data : undefined} types={types.data ?? []} users={users.data ?? []} />
    </Fragment>
  );
}

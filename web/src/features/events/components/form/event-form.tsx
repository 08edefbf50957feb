import { useMemo } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { MeasurementType, ObservationRule, RuleRecipient } from '@tagtrack/contract';
import { DisabledReason } from '../../../../components/disabled-reason';
import { PageHeader } from '../../../../components/page-header';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { returnPath } from '../../../../lib/list-views';
import { useCan } from '../../../../lib/permissions';
import { eventFormSchema, eventFormValues, newEventValues, type EventFormValues } from '../../model/event-form';
import { EVENTS_PATH } from '../../model/event-paths';
import { EventActionsSection } from './event-actions-section';
import { EventDetailsSection } from './event-details-section';
import { EventLimitsSection } from './event-limits-section';
import { EventProductsSection } from './event-products-section';
import { useSaveEvent } from './use-save-event';

/**
 * The event form (03 §2 Event screens, §3, §5): New Event, or Edit Event of `event`. Checked with
 * the contract's rules; leaving with changes asks first; Cancel and a save go back to where it was
 * opened from (the event list). On the new-event route a role that may not create events
 * (operators, 03 §6) sees the form with Save disabled and why.
 */
export function EventForm({
  event,
  types,
  users,
}: {
  event?: ObservationRule;
  types: readonly MeasurementType[];
  users: readonly RuleRecipient[];
}) {
  const { t } = useTranslation(['events', 'common', 'errors']);
  const navigate = useNavigate();
  const location = useLocation();
  const canCreate = useCan('event:create');
  // Read once, when the form mounts (the page keys the form by event).
  const defaultValues = useMemo(
    () => (event ? eventFormValues(event, users) : newEventValues(types[0]?.uuid ?? '')),
    [event, users, types],
  );
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues,
    mode: 'onChange',
  });
  const { control, handleSubmit, setError, formState } = form;
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const back = returnPath(location.state, EVENTS_PATH);
  const saving = useSaveEvent({ id: event?.id ?? null, setError, guard, returnTo: back });
  const typeId = useWatch({ control, name: 'measurement_type' });
  const unit = types.find((type) => type.uuid === typeId)?.symbol ?? '';
  const refused = !event && !canCreate;
  const title = event ? t('editTitle', { name: event.name }) : t('newEvent');

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void handleSubmit(saving.save)(e)} noValidate data-testid="event-form">
        <PageHeader
          title={title}
          breadcrumbs={[{ label: t('breadcrumbEvents'), to: EVENTS_PATH }]}
          actions={
            <>
              <Button variant="outlined" onClick={() => void navigate(back)} data-testid="event-form-cancel">
                {t('common:cancel')}
              </Button>
              <DisabledReason reason={refused ? t('errors:PermissionDenied') : null}>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={refused || formState.isSubmitting}
                  loading={saving.busy}
                  data-testid="event-form-save"
                >
                  {t('common:save')}
                </Button>
              </DisabledReason>
            </>
          }
        />
        {refused && (
          <Alert severity="info" sx={{ mb: 2.5 }} data-testid="event-form-refused">
            {t('cannotCreate')}
          </Alert>
        )}
        <Stack spacing={2.5}>
          <EventDetailsSection control={control} types={types} />
          <EventLimitsSection control={control} unit={unit} />
          <EventProductsSection control={control} />
          <EventActionsSection users={users} />
        </Stack>
      </form>
    </FormProvider>
  );
}

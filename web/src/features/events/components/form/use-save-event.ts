import type { Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '../../../../components/feedback/use-notify';
import type { UnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { serverFieldMessages } from '../../../../lib/form-errors';
import { useCreateEvent } from '../../api/create-event';
import { useUpdateEvent } from '../../api/update-event';
import { serverFieldToFormField, toEventPayload, type EventFormValues } from '../../model/event-form';
import { EVENT_ERROR_OPTIONS } from '../../model/event-errors';

/** The server's field messages (its codes, by field) on the form's fields. */
function applyEventFieldErrors(error: unknown, values: EventFormValues, setError: UseFormSetError<EventFormValues>) {
  for (const [field, text] of Object.entries(serverFieldMessages(error) ?? {})) {
    setError(serverFieldToFormField(field, values) as Path<EventFormValues>, { type: 'server', message: text });
  }
}

/**
 * Save of the event form (03 §2, §7, §8): create (POST) or update (PUT) the event, say so and go
 * back to where the form was opened from. A refusal says 'Failed to create event.' or 'Failed to
 * update event.' with the detail's first part, and puts the server's messages on their fields.
 */
export function useSaveEvent({
  id,
  setError,
  guard,
  returnTo,
}: {
  /** The event edited; null for a new one. */
  id: string | null;
  setError: UseFormSetError<EventFormValues>;
  guard: UnsavedChangesGuard;
  returnTo: string;
}) {
  const { t } = useTranslation('events');
  const notify = useNotify();
  const navigate = useNavigate();
  const create = useCreateEvent();
  const update = useUpdateEvent();

  const save = async (values: EventFormValues) => {
    const input = toEventPayload(values);
    try {
      if (id === null) await create.mutateAsync(input);
      else await update.mutateAsync({ id, input });
      notify.success(t(id === null ? 'created' : 'updated'));
      guard.disarm();
      void navigate(returnTo);
    } catch (error) {
      applyEventFieldErrors(error, values, setError);
      notify.error(t(id === null ? 'createFailed' : 'updateFailed'), error, EVENT_ERROR_OPTIONS);
    }
  };
  return { save, busy: create.isPending || update.isPending };
}

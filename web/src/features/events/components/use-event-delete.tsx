import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ObservationRule } from '@tagtrack/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/feedback/use-notify';
import { useDeleteEvent } from '../api/delete-event';
import { EVENT_ERROR_OPTIONS } from '../model/event-errors';

/** Delete of an event (03 §2, §8): asks first, then says how it went. */
export function useEventDelete(): { ask: (event: Pick<ObservationRule, 'id' | 'name'>) => void; dialog: ReactNode } {
  const { t } = useTranslation('events');
  const notify = useNotify();
  const remove = useDeleteEvent();
  // The event outlives `open`, so the closing dialog keeps its text during its transition.
  const [target, setTarget] = useState<Pick<ObservationRule, 'id' | 'name'> | null>(null);
  const [open, setOpen] = useState(false);

  const confirm = async (event: Pick<ObservationRule, 'id' | 'name'>) => {
    try {
      await remove.mutateAsync(event.id);
      notify.success(t('deleted'));
      setOpen(false);
    } catch (error) {
      notify.error(t('deleteFailed'), error, EVENT_ERROR_OPTIONS);
    }
  };

  const dialog = target && (
    <ConfirmDialog
      open={open}
      title={t('deleteTitle')}
      confirmLabel={t('deleteConfirm')}
      busy={remove.isPending}
      onConfirm={() => void confirm(target)}
      onClose={() => setOpen(false)}
      testId="event-delete-dialog"
    >
      {t('deleteText', { name: target.name })}
    </ConfirmDialog>
  );
  return {
    ask: (event) => {
      setTarget(event);
      setOpen(true);
    },
    dialog,
  };
}

import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reader } from '@tagtrack/contract';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useAssignConfigurations } from '../../api/assign-configurations';
import { useClearHeartbeats } from '../../api/clear-heartbeats';
import { useDeleteReader } from '../../api/delete-reader';
import { useInitializeReader } from '../../api/initialize-reader';
import { useUpdateReader } from '../../api/update-reader';
import { ConnectionDetailsDialog } from './connection-details-dialog';
import { CredentialsDialog } from './credentials-dialog';
import { PasswordDialog } from './password-dialog';
import { CONFIGURATION_APPLY_SITE } from '../model/reader-list-rules';

export type ReaderAction =
  'delete' | 'reinitialize' | 'updateAssigned' | 'setupMode' | 'connection' | 'clearHeartbeats';

/** Where the server's detail is read first (02 §8). */
export const READER_DETAIL = {
  withDetail: true,
  preferredFields: ['non_field_errors', 'reader_configuration_ids', 'reader_type'],
};

type Pending = { kind: 'delete' | 'reinitialize' | 'applied' | 'connection' | 'clearHeartbeats'; reader: Reader };

/**
 * The row actions both reader lists share and their dialogs: delete, re-initialise (then the
 * credentials, then the reader's configurations again), update assigned configurations (then how
 * the configuration gets applied), setup mode, connection details and clearing heartbeat data.
 */
export function useReaderActions({
  onPremise,
  handheld,
  now,
}: {
  onPremise: boolean;
  handheld: boolean;
  now: number;
}): {
  run: (action: ReaderAction, reader: Reader) => void;
  dialogs: ReactNode;
  /** Shows a new reader's credentials in the same dialog. */
  showCredentials: (credentials: { serial: string; secret: string }) => void;
} {
  const { t } = useTranslation('readers');
  const notify = useNotify();
  const remove = useDeleteReader();
  const initialize = useInitializeReader();
  const assign = useAssignConfigurations();
  const update = useUpdateReader();
  const clear = useClearHeartbeats();
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const [credentials, setCredentials] = useState<{ serial: string; secret: string } | null>(null);
  const start = (next: Pending) => {
    setPending(next);
    setOpen(true);
  };
  const close = () => setOpen(false);

  const reassign = async (reader: Reader) => {
    await assign.mutateAsync({
      reader_uuid: reader.uuid,
      reader_configuration_ids: reader.configurations.map((c) => c.id),
    });
  };

  const confirmDelete = async (reader: Reader) => {
    try {
      await remove.mutateAsync(reader.uuid);
      notify.success(t('deleted'));
    } catch (error) {
      notify.error(t('deleteFailed'), error, READER_DETAIL);
    }
    close();
  };

  const reinitialize = async (reader: Reader, password?: string) => {
    let answer;
    try {
      answer = await initialize.mutateAsync({ uuid: reader.uuid, ...(password ? { password } : {}) });
    } catch (error) {
      notify.error(t('initializeFailed'), error, READER_DETAIL);
      return close();
    }
    close();
    notify.success(t('initialized'));
    if (answer.secret && !onPremise) setCredentials({ serial: answer.serial, secret: answer.secret });
    if (reader.configurations.length === 0) return;
    try {
      await reassign(reader);
    } catch (error) {
      notify.error(t('reassignFailed'), error, READER_DETAIL);
    }
  };

  const updateAssigned = async (reader: Reader) => {
    try {
      await reassign(reader);
      notify.success(t('assignmentsUpdated'));
      start({ kind: 'applied', reader });
    } catch (error) {
      notify.error(t('reassignFailed'), error, READER_DETAIL);
    }
  };

  const toggleSetup = async (reader: Reader) => {
    const status = reader.status === 'setup' ? 'normal' : 'setup';
    try {
      await update.mutateAsync({ uuid: reader.uuid, changes: { status } });
      notify.success(status === 'setup' ? t('setupEnabled') : t('setupDisabled'));
    } catch (error) {
      notify.error(t('setupFailed'), error, READER_DETAIL);
    }
  };

  const clearHeartbeats = async (reader: Reader) => {
    try {
      await clear.mutateAsync(reader.uuid);
      notify.success(t('heartbeatsCleared'));
    } catch (error) {
      notify.error(t('clearHeartbeatsFailed'), error, READER_DETAIL);
    }
    close();
  };

  const run = (action: ReaderAction, reader: Reader) => {
    if (action === 'updateAssigned') void updateAssigned(reader);
    else if (action === 'setupMode') void toggleSetup(reader);
    else start({ kind: action, reader });
  };

  const target = pending?.reader;
  const dialogs = (
    <>
      <ConfirmDialog
        open={open && pending?.kind === 'delete'}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={() => target && void confirmDelete(target)}
        onClose={close}
        testId="reader-delete-dialog"
      >
        {t('deleteText')}
      </ConfirmDialog>
      {onPremise ? (
        <PasswordDialog
          key={open && pending?.kind === 'reinitialize' ? target?.uuid : 'closed'}
          open={open && pending?.kind === 'reinitialize'}
          busy={initialize.isPending}
          onConfirm={(password) => target && void reinitialize(target, password)}
          onClose={close}
        />
      ) : (
        <ConfirmDialog
          open={open && pending?.kind === 'reinitialize'}
          title={t('reinitializeTitle')}
          confirmLabel={t('reinitialize')}
          busy={initialize.isPending}
          onConfirm={() => target && void reinitialize(target)}
          onClose={close}
          testId="reader-reinitialize-dialog"
        >
          {t('reinitializeText', { serial: target?.serial ?? '' })}
        </ConfirmDialog>
      )}
      <ConfirmDialog
        open={open && pending?.kind === 'clearHeartbeats'}
        title={t('clearHeartbeatsTitle')}
        confirmLabel={t('clearHeartbeats')}
        busy={clear.isPending}
        onConfirm={() => target && void clearHeartbeats(target)}
        onClose={close}
        testId="reader-clear-heartbeats-dialog"
      >
        {t('clearHeartbeatsText', { serial: target?.serial ?? '' })}
      </ConfirmDialog>
      <ConfirmDialog
        open={open && pending?.kind === 'applied'}
        title={t('appliedTitle')}
        confirmLabel={t('understood')}
        destructive={false}
        onConfirm={close}
        onClose={close}
        testId="reader-applied-dialog"
      >
        {handheld ? t('appliedHandheld', { site: CONFIGURATION_APPLY_SITE }) : t('appliedFixed')}
      </ConfirmDialog>
      <ConnectionDetailsDialog
        reader={open && pending?.kind === 'connection' ? target! : null}
        now={now}
        onClose={close}
      />
      <CredentialsDialog credentials={credentials} onClose={() => setCredentials(null)} />
    </>
  );
  return { run, dialogs, showCredentials: setCredentials };
}

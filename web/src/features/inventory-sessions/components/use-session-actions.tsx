import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventorySession, InventorySessionAction } from '@tagtrack/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/feedback/use-notify';
import { useSessionTransition } from '../api/sessions';

/** What confirming will change, when the caller knows it (the session page does, a list row does not). */
export interface ConfirmImpact {
  missing: number;
  unexpected: number;
}

interface Pending {
  session: Pick<InventorySession, 'id' | 'hash'>;
  action: InventorySessionAction;
  impact?: ConfirmImpact;
}

/** Actions that end a session ask first; suspend and resume run at once. */
const ASKS: readonly InventorySessionAction[] = ['confirm', 'abandon'];

/** The label of each transition's button and menu entry. */
export const ACTION_LABEL = {
  triage: 'actionTriage',
  confirm: 'actionConfirm',
  reopen: 'actionReopen',
  abandon: 'actionAbandon',
} as const satisfies Record<InventorySessionAction, string>;

const ACTION_DONE = {
  triage: 'actionDoneTriage',
  confirm: 'actionDoneConfirm',
  reopen: 'actionDoneReopen',
  abandon: 'actionDoneAbandon',
} as const satisfies Record<InventorySessionAction, string>;

/**
 * The session actions of the list rows and of the session page: run one (asking first for confirm,
 * saying what will change, and for abandon), tell the outcome, and render the question.
 */
export function useSessionActions(): {
  run: (session: Pending['session'], action: InventorySessionAction, impact?: ConfirmImpact) => void;
  busy: boolean;
  dialog: ReactNode;
} {
  const { t } = useTranslation('inventorySessions');
  const notify = useNotify();
  const transition = useSessionTransition();
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);

  const execute = (next: Pending) =>
    transition.mutate(
      { id: next.session.id, action: next.action },
      {
        onSuccess: () => {
          notify.success(t(ACTION_DONE[next.action]));
          setOpen(false);
        },
        onError: (error) => notify.error(t('actionFailed'), error, { withDetail: true }),
      },
    );

  const run: ReturnType<typeof useSessionActions>['run'] = (session, action, impact) => {
    const next = { session, action, impact };
    if (ASKS.includes(action)) {
      setPending(next);
      setOpen(true);
    } else execute(next);
  };

  const confirming = pending?.action === 'confirm';
  const dialog = (
    <ConfirmDialog
      open={open}
      title={confirming ? t('confirmTitle', { hash: pending?.session.hash }) : t('abandonTitle')}
      confirmLabel={confirming ? t('actionConfirm') : t('actionAbandon')}
      destructive={!confirming}
      busy={transition.isPending}
      onConfirm={() => pending && execute(pending)}
      onClose={() => setOpen(false)}
      testId={confirming ? 'session-confirm-dialog' : 'session-abandon-dialog'}
    >
      {confirming
        ? pending?.impact
          ? t('confirmText', {
              missing: t('missingItems', { count: pending.impact.missing }),
              unexpected: t('unexpectedItems', { count: pending.impact.unexpected }),
            })
          : t('confirmTextGeneric')
        : t('abandonText')}
    </ConfirmDialog>
  );
  return { run, busy: transition.isPending, dialog };
}

import { useCallback, useEffect, useRef, type ReactElement } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../lib/client-store';
import { ConfirmDialog } from './confirm-dialog';

/** The question's words; by default the console's "leave without saving?" with Leave and Stay. */
export interface UnsavedChangesTexts {
  title?: string;
  body?: string;
  /** The button that leaves (the spec's forms say Yes). */
  confirmLabel?: string;
  /** The button that stays (the spec's forms say No). */
  cancelLabel?: string;
  testId?: string;
}

export interface UnsavedChangesGuard {
  /** The confirmation to render with the form. */
  dialog: ReactElement;
  /** Lets the next navigation through without asking: call it after a save or delete, before navigating. */
  disarm: () => void;
}

/**
 * The console's one guard for a form with unsaved changes: while `when` holds, leaving the page by
 * any way (Cancel, side menu, breadcrumb, Back, a link) asks first, and closing or reloading the
 * tab gets the browser's own question. A navigation within the same page (its search) and the
 * redirect after a sign-out are let through.
 */
export function useUnsavedChangesGuard(when: boolean, texts: UnsavedChangesTexts = {}): UnsavedChangesGuard {
  const { t } = useTranslation();
  const disarmed = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      when &&
      !disarmed.current &&
      useClientStore.getState().access !== null &&
      currentLocation.pathname !== nextLocation.pathname,
    [when],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (disarmed.current) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  // The changes were undone (or saved) while the question was open: nothing to ask any more.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  const disarm = useCallback(() => {
    disarmed.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={texts.title ?? t('unsavedTitle')}
      confirmLabel={texts.confirmLabel ?? t('unsavedLeave')}
      cancelLabel={texts.cancelLabel ?? t('unsavedStay')}
      destructive={false}
      testId={texts.testId ?? 'unsaved-changes-dialog'}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {texts.body ?? t('unsavedBody')}
    </ConfirmDialog>
  );
  return { dialog, disarm };
}

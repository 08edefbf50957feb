import { useCallback, useEffect, useId, useState, type ReactElement } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useClientStore } from '../lib/client-store';

// Static: the host and the dialog share the console's "shared" chunk (vite.config.ts), which the
// first page does not load; a lazy import here split nothing and made the build warn.
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

interface Entry {
  dirty: boolean;
  disarmed: boolean;
  texts: UnsavedChangesTexts;
}

/** Every mounted form's state, by form: a router takes one blocker, so one host asks for them all. */
const useEntries = create<{ entries: Readonly<Record<string, Entry>> }>(() => ({ entries: {} }));

function setEntry(id: string, entry: Entry | null) {
  useEntries.setState(({ entries }) => {
    const { [id]: _old, ...rest } = entries;
    return { entries: entry ? { ...rest, [id]: entry } : rest };
  });
}

function firstArmed(entries: Readonly<Record<string, Entry>>): Entry | undefined {
  return Object.values(entries).find((entry) => entry.dirty && !entry.disarmed);
}

export interface UnsavedChangesGuard {
  /** Lets the next navigation through without asking: call it after a save or delete, before navigating. */
  disarm: () => void;
}

/**
 * The console's one guard for a form with unsaved changes: while `dirty` holds, leaving the page
 * by any way (Cancel, side menu, breadcrumb, Back, a link) asks first (UnsavedChangesHost shows the
 * question), and closing or reloading the tab gets the browser's own question.
 */
export function useUnsavedChangesGuard(dirty: boolean, texts: UnsavedChangesTexts = {}): UnsavedChangesGuard {
  const id = useId();
  const { title, body, confirmLabel, cancelLabel, testId } = texts;
  useEffect(() => {
    const disarmed = useEntries.getState().entries[id]?.disarmed ?? false;
    setEntry(id, { dirty, disarmed, texts: { title, body, confirmLabel, cancelLabel, testId } });
  }, [id, dirty, title, body, confirmLabel, cancelLabel, testId]);
  useEffect(() => () => setEntry(id, null), [id]);
  const disarm = useCallback(() => {
    const entry = useEntries.getState().entries[id];
    if (entry) setEntry(id, { ...entry, disarmed: true });
  }, [id]);
  return { disarm };
}

/**
 * Asks before leaving a page whose form has unsaved changes (rendered once, inside the data
 * router). A navigation within the same page (its search) and the redirect after a sign-out are
 * let through.
 */
export function UnsavedChangesHost(): ReactElement | null {
  const armed = useEntries((s) => firstArmed(s.entries));
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      firstArmed(useEntries.getState().entries) !== undefined &&
      useClientStore.getState().access !== null &&
      currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const active = armed !== undefined;
  // Mounted from the first unsaved change on, so the dialog is there (and fades out) as before.
  const [needed, setNeeded] = useState(active);
  if (active && !needed) setNeeded(true);

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  // The changes were undone or saved while the question was open: nothing to ask any more.
  useEffect(() => {
    if (blocker.state === 'blocked' && !active) blocker.proceed();
  }, [blocker, active]);

  if (!needed) return null;
  return (
    <UnsavedChangesQuestion
      open={blocker.state === 'blocked' && active}
      texts={armed?.texts}
      onLeave={() => blocker.proceed?.()}
      onStay={() => blocker.reset?.()}
    />
  );
}

/**
 * The console's one question before unsaved changes are lost ("leave without saving?", Leave and
 * Stay): asked by the navigation guard, and by a form dialog closed beside it (FormDialog).
 */
export function UnsavedChangesQuestion({
  open,
  texts = {},
  onLeave,
  onStay,
}: {
  open: boolean;
  texts?: UnsavedChangesTexts;
  onLeave: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={texts.title ?? t('unsavedTitle')}
      confirmLabel={texts.confirmLabel ?? t('unsavedLeave')}
      cancelLabel={texts.cancelLabel ?? t('unsavedStay')}
      destructive={false}
      testId={texts.testId ?? 'unsaved-changes-dialog'}
      onConfirm={onLeave}
      onClose={onStay}
    >
      {texts.body ?? t('unsavedBody')}
    </ConfirmDialog>
  );
}

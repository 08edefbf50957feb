import { CLIENT_STORE_KEY } from '../config';
import { useClientStore } from '../client-store';
import { forgetListViews } from '../list-views';
import { queryClient } from '../query-client';

/** Why the session ended: the user chose to, it expired, or another tab of the console ended it. */
export type SignOutReason = 'user' | 'expired' | 'other-tab';

let lastReason: SignOutReason | null = null;

/** Why this tab's last session ended (null: none ended since the page loaded). */
export function lastSignOutReason(): SignOutReason | null {
  return lastReason;
}

/** Forgets the session in this tab only: tokens, the lists' remembered views, running requests and every cached answer. */
function endSessionHere(reason: SignOutReason): void {
  lastReason = reason;
  useClientStore.getState().clearTokens();
  forgetListViews();
  void queryClient.cancelQueries();
  queryClient.clear();
}

/**
 * Ends the session: forgets the tokens, clears localStorage (spec 02 §4) and the query cache.
 * The router reacts to the missing token and shows /login; other tabs follow through the
 * storage event (see watchOtherTabs).
 */
export function signOut(reason: SignOutReason = 'expired'): void {
  endSessionHere(reason);
  localStorage.clear();
}

function storedTokens(value: string | null): { access: string; refresh: string } | null {
  if (!value) return null;
  try {
    const state = (JSON.parse(value) as { state?: { access?: unknown; refresh?: unknown } }).state;
    return typeof state?.access === 'string' && typeof state.refresh === 'string'
      ? { access: state.access, refresh: state.refresh }
      : null;
  } catch {
    return null;
  }
}

/**
 * Keeps this tab's session in step with the other tabs of the console (they share localStorage):
 * a sign-out there signs out here at once (no more data is loaded), and tokens renewed there are
 * used here (a refresh token is used once, so the old one would fail). Returns the unsubscribe.
 */
export function watchOtherTabs(target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: localStorage was cleared (sign-out in another tab).
    if (event.key !== null && event.key !== CLIENT_STORE_KEY) return;
    const current = useClientStore.getState();
    const stored = storedTokens(event.key === null ? null : event.newValue);
    if (!stored) {
      if (current.access !== null) endSessionHere('other-tab');
      return;
    }
    if (stored.access !== current.access || stored.refresh !== current.refresh) current.setTokens(stored);
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * The view each list was last left in, in this tab: its URL search by path. A list writes it as its
 * view changes; the side menu, tabs and the return from an edit page open the list with it, so the
 * user comes back to the search, filters, sort and page they left. sessionStorage: a new tab starts
 * fresh (a copied link carries its view itself), and signing out forgets it.
 */
const PREFIX = 'tagtrack.list-view:';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage can be refused (privacy settings): lists then simply open at their defaults.
    return undefined;
  }
}

/** Records the view (`?…` or '') of the list at `pathname`. */
export function rememberListView(pathname: string, search: string): void {
  const store = storage();
  if (!store) return;
  try {
    if (search && search !== '?') store.setItem(PREFIX + pathname, search.startsWith('?') ? search : `?${search}`);
    else store.removeItem(PREFIX + pathname);
  } catch {
    // A full storage only costs the restore.
  }
}

/**
 * The path with the view its list was last left in: `listViewPath('/')` may be `/?status=in&page=2`.
 * A path without a remembered view, or one that already carries a search, is returned as it is.
 */
export function listViewPath(path: string): string {
  if (path.includes('?')) return path;
  const search = storage()?.getItem(PREFIX + path);
  return search ? `${path}${search}` : path;
}

/**
 * A link to a list in the view it was last left in, for RouterLink (`{...useListViewLink(path)}`).
 * The href is the view at render time, for a new tab or a copied link; a plain click reads the view
 * again when it happens, because the list may have changed it since (a sort clicked on this very
 * page, a view recorded after the link was drawn).
 */
export function useListViewLink(path: string): { to: string; onClick: (event: MouseEvent) => void } {
  const navigate = useNavigate();
  return {
    to: listViewPath(path),
    onClick: (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      void navigate(listViewPath(path));
    },
  };
}

/** Forgets every remembered view (sign-out). */
export function forgetListViews(): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i));
  for (const key of keys) if (key?.startsWith(PREFIX)) store.removeItem(key);
}

/**
 * Where a page returns to after a save or Cancel: the list it was opened from (navigation state
 * `{ returnTo: '/asset-management' }`, a path of this console only) or `fallback`, in the view it
 * was left in.
 */
export function returnPath(state: unknown, fallback: string): string {
  const to = typeof state === 'object' && state !== null ? (state as { returnTo?: unknown }).returnTo : undefined;
  const path = typeof to === 'string' && /^\/(?![/\\])/.test(to) && !to.includes('?') ? to : fallback;
  return listViewPath(path);
}

import { useClientStore } from '../client-store';
import { forgetListViews } from '../list-views';
import { queryClient } from '../query-client';

/**
 * Ends the session: forgets the tokens, clears localStorage (spec 02 §4), the lists' remembered
 * views and the query cache.
 * The router reacts to the missing token and shows /login.
 */
export function signOut(): void {
  useClientStore.getState().clearTokens();
  localStorage.clear();
  forgetListViews();
  void queryClient.cancelQueries();
  queryClient.clear();
}

import { useClientStore } from '../client-store';
import { queryClient } from '../query-client';

/**
 * Ends the session: forgets the tokens, clears localStorage (spec 02 §4) and the query cache.
 * The router reacts to the missing token and shows /login.
 */
export function signOut(): void {
  useClientStore.getState().clearTokens();
  localStorage.clear();
  void queryClient.cancelQueries();
  queryClient.clear();
}

import { createApiClient } from './api-client';
import { signOut } from './auth/sign-out';
import { useClientStore } from './client-store';

/** The app's client: tokens from the client store; a refused refresh signs the user out. */
export const api = createApiClient({
  tokens: {
    getAccess: () => useClientStore.getState().access,
    getRefresh: () => useClientStore.getState().refresh,
    setTokens: (pair) => useClientStore.getState().setTokens(pair),
  },
  onSessionExpired: signOut,
});

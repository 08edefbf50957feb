import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, TokenPairSchema, type Login, type TokenPair } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { getMe } from '../../../lib/auth/get-me';
import { useClientStore } from '../../../lib/client-store';
import { changeLanguage } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/token/: a token pair for a username and password. */
export function createToken(credentials: Login): Promise<TokenPair> {
  return api.post(API_ROUTES.token.url, credentials, { schema: TokenPairSchema });
}

/**
 * Signs in: gets the tokens, reads the user with them and switches to the user's language before
 * the tokens are stored, so the console opens in that language.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Login) => {
      const tokens = await createToken(credentials);
      const me = await getMe(tokens.access);
      return { tokens, me };
    },
    onSuccess: async ({ tokens, me }) => {
      queryClient.setQueryData(queryKeys.me.all, me);
      await changeLanguage(me.language).catch(() => undefined);
      const store = useClientStore.getState();
      store.setLanguage(me.language);
      store.setTokens(tokens);
    },
  });
}

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_ROUTES } from '@tagtrack/contract';
import { errorResponse } from '../../test/json-response';
import { stubServer } from '../../test/stub-server';
import { api } from '../api';
import { CLIENT_STORE_KEY } from '../config';
import { useClientStore } from '../client-store';
import { queryClient } from '../query-client';
import { signOut } from './sign-out';

describe('sign-out', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    useClientStore.setState({ access: null, refresh: null, density: 'medium', language: 'en' });
  });

  it('clears the tokens, localStorage and the query cache', () => {
    useClientStore.getState().setTokens({ access: 'a', refresh: 'r' });
    localStorage.setItem('something-else', '1');
    queryClient.setQueryData(['me'], { id: 1 });

    signOut();

    expect(useClientStore.getState().access).toBeNull();
    expect(useClientStore.getState().refresh).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
  });

  it('happens when the app client’s refresh is refused', async () => {
    useClientStore.getState().setTokens({ access: 'stale', refresh: 'used' });
    expect(localStorage.getItem(CLIENT_STORE_KEY)).toContain('stale');
    const unauthorised = () => errorResponse('NotAuthenticated', 'expired');
    const server = stubServer({ me: unauthorised, tokenRefresh: unauthorised });

    await expect(api.get(API_ROUTES.me.url)).rejects.toMatchObject({ status: 401 });

    expect(server.calls.map((c) => c.route)).toEqual(['me', 'tokenRefresh']); // the call, then the single refresh
    expect(useClientStore.getState().access).toBeNull();
    expect(localStorage.getItem(CLIENT_STORE_KEY)).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { TokenPair } from '@tagtrack/contract';
import { ApiError, createApiClient, type TokenStore } from './api-client';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

const envelope = (type: string) => ({ type, detail: 'x', id: 'e-1', request: '/r', time: 't', 'user-agent': 'ua' });

function memoryTokens(initial: TokenPair | null): TokenStore & { current: TokenPair | null } {
  const store = {
    current: initial,
    getAccess: () => store.current?.access ?? null,
    getRefresh: () => store.current?.refresh ?? null,
    setTokens: (pair: TokenPair) => {
      store.current = pair;
    },
  };
  return store;
}

function authHeader(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

/** A fake server: /api/token/refresh/ answers `refreshAnswer` after a tick; other calls need 'Bearer new'. */
function fakeServer(refreshAnswer: () => Response) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(url);
    if (url === '/api/token/refresh/') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return refreshAnswer();
    }
    return authHeader(init) === 'Bearer new' ? json(200, { url }) : json(401, envelope('NotAuthenticated'));
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('api client token refresh', () => {
  it('refreshes once for three parallel 401s, then retries each with the new token', async () => {
    const server = fakeServer(() => json(200, { access: 'new', refresh: 'rotated' }));
    const tokens = memoryTokens({ access: 'old', refresh: 'r1' });
    const onSessionExpired = vi.fn();
    const client = createApiClient({ tokens, onSessionExpired, fetch: server.fetch });

    const results = await Promise.all([client.get('/a/'), client.get('/b/'), client.get('/c/')]);

    expect(results).toEqual([{ url: '/a/' }, { url: '/b/' }, { url: '/c/' }]);
    expect(server.calls.filter((url) => url === '/api/token/refresh/')).toHaveLength(1);
    expect(tokens.current).toEqual({ access: 'new', refresh: 'rotated' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('sends the current refresh token and keeps it when the answer has no new one', async () => {
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/token/refresh/') {
        bodies.push(JSON.parse(String(init?.body)));
        return json(200, { access: 'new' });
      }
      return authHeader(init) === 'Bearer new' ? json(200, {}) : json(401, envelope('NotAuthenticated'));
    });
    const tokens = memoryTokens({ access: 'old', refresh: 'r1' });
    const client = createApiClient({
      tokens,
      onSessionExpired: vi.fn(),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });

    await client.get('/a/');

    expect(bodies).toEqual([{ refresh: 'r1' }]);
    expect(tokens.current).toEqual({ access: 'new', refresh: 'r1' });
  });

  it('does not refresh again for a 401 that arrives after the refresh has finished', async () => {
    let refreshes = 0;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/token/refresh/') {
        refreshes += 1;
        return json(200, { access: 'new', refresh: 'rotated' });
      }
      if (authHeader(init) === 'Bearer new') return json(200, { url });
      // The slow call's 401 comes back long after the fast one has been refreshed and retried.
      await new Promise((resolve) => setTimeout(resolve, url === '/slow/' ? 60 : 0));
      return json(401, envelope('NotAuthenticated'));
    });
    const client = createApiClient({
      tokens: memoryTokens({ access: 'old', refresh: 'r1' }),
      onSessionExpired: vi.fn(),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });

    const [fast, slow] = await Promise.all([client.get('/fast/'), client.get('/slow/')]);

    expect([fast, slow]).toEqual([{ url: '/fast/' }, { url: '/slow/' }]);
    expect(refreshes).toBe(1);
  });

  it('signs out once and rejects every waiting request when the refresh is refused', async () => {
    const server = fakeServer(() => json(401, envelope('AuthenticationFailed')));
    const tokens = memoryTokens({ access: 'old', refresh: 'used' });
    const onSessionExpired = vi.fn(() => {
      tokens.current = null;
    });
    const client = createApiClient({ tokens, onSessionExpired, fetch: server.fetch });

    const results = await Promise.allSettled([client.get('/a/'), client.get('/b/'), client.get('/c/')]);

    expect(
      results.every((r) => r.status === 'rejected' && r.reason instanceof ApiError && r.reason.status === 401),
    ).toBe(true);
    expect(server.calls.filter((url) => url === '/api/token/refresh/')).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('signs out when the refresh answers without an access token', async () => {
    const server = fakeServer(() => json(200, {}));
    const onSessionExpired = vi.fn();
    const client = createApiClient({
      tokens: memoryTokens({ access: 'old', refresh: 'r1' }),
      onSessionExpired,
      fetch: server.fetch,
    });

    await expect(client.get('/a/')).rejects.toBeInstanceOf(ApiError);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for a 401 from the token endpoint itself', async () => {
    const fetch = vi.fn(async () => json(401, envelope('AuthenticationFailed')));
    const onSessionExpired = vi.fn();
    const client = createApiClient({
      tokens: memoryTokens(null),
      onSessionExpired,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });

    const failure = await client.post('/api/token/', { username: 'a', password: 'b' }).catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).type).toBe('AuthenticationFailed');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries once only: a second 401 after the refresh is the caller’s error', async () => {
    let refreshes = 0;
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === '/api/token/refresh/') {
        refreshes += 1;
        return json(200, { access: `new-${refreshes}`, refresh: `r-${refreshes}` });
      }
      return json(401, envelope('NotAuthenticated'));
    });
    const client = createApiClient({
      tokens: memoryTokens({ access: 'old', refresh: 'r0' }),
      onSessionExpired: vi.fn(),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });

    await expect(client.get('/a/')).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('api client errors', () => {
  it('carries status, envelope, method, URL and Retry-After', async () => {
    const fetch = vi.fn(async () => json(429, envelope('Throttled'), { 'Retry-After': '42' }));
    const client = createApiClient({
      tokens: memoryTokens(null),
      onSessionExpired: vi.fn(),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });

    const error = (await client.post('/api/token/', {}).catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.type).toBe('Throttled');
    expect(error.method).toBe('POST');
    expect(error.url).toBe('/api/token/');
    expect(error.retryAfter).toBe(42);
    expect(error.responseText).toContain('Throttled');
  });

  it('turns an unreachable server into an ApiError with status 0', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({
      tokens: memoryTokens(null),
      onSessionExpired: vi.fn(),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });

    await expect(client.get('/configuration/version/')).rejects.toMatchObject({ status: 0, payload: undefined });
  });

  it('adds the query string and the bearer token', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, { ok: true }));
    const client = createApiClient({
      tokens: memoryTokens({ access: 'abc', refresh: 'r' }),
      onSessionExpired: vi.fn(),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });

    await client.get('/accounts/users/', { query: { page: 2, search: '', ordering: 'username' } });

    expect(fetch.mock.calls[0]?.[0]).toBe('/accounts/users/?page=2&ordering=username');
    expect(authHeader(fetch.mock.calls[0]?.[1])).toBe('Bearer abc');
  });

  it('answers a blob with the bearer token when asked for one (file downloads)', async () => {
    const fetch = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response('path,name\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    );
    const client = createApiClient({
      tokens: memoryTokens({ access: 'abc', refresh: 'r' }),
      onSessionExpired: vi.fn(),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });

    const blob = await client.get<Blob>('/configuration/location/export/csv/', { responseType: 'blob' });

    expect(await blob.text()).toBe('path,name\n');
    expect(authHeader(fetch.mock.calls[0]?.[1])).toBe('Bearer abc');
    expect((fetch.mock.calls[0]?.[1]?.headers as Record<string, string>).Accept).toBe('*/*');
  });

  it('sends a FormData body as multipart, leaving the Content-Type with its boundary to fetch', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(201, { pk: 1 }));
    const client = createApiClient({
      tokens: memoryTokens({ access: 'abc', refresh: 'r' }),
      onSessionExpired: vi.fn(),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const form = new FormData();
    form.set('name', 'Plan');
    form.set('file', new Blob(['png'], { type: 'image/png' }), 'plan.png');

    expect(await client.post('/configuration/location/x/files/', form)).toEqual({ pk: 1 });

    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(authHeader(init)).toBe('Bearer abc');
  });
});

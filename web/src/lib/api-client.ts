import { API_ROUTES, type ErrorPayload, type HttpMethod, type TokenPair } from '@tagtrack/contract';
import type { z } from 'zod';

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly payload: ErrorPayload | undefined;
  readonly url: string;
  readonly method: HttpMethod;
  /** The response body as received, for the error report. */
  readonly responseText: string;
  /** Seconds from the Retry-After header of a throttled answer. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    url: string;
    method: HttpMethod;
    payload?: ErrorPayload;
    responseText?: string;
    retryAfter?: number | null;
    cause?: unknown;
  }) {
    super(`${init.method} ${init.url} failed with ${init.payload?.type ?? init.status}`, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.url = init.url;
    this.method = init.method;
    this.payload = init.payload;
    this.responseText = init.responseText ?? '';
    this.retryAfter = init.retryAfter ?? null;
  }

  get type(): string | undefined {
    return this.payload?.type;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface TokenStore {
  getAccess: () => string | null;
  getRefresh: () => string | null;
  setTokens: (pair: TokenPair) => void;
}

export interface ApiClientOptions {
  tokens: TokenStore;
  /** Called when a refresh is refused: the session is over. */
  onSessionExpired: () => void;
  fetch?: typeof fetch;
  baseUrl?: string;
}

export interface RequestOptions<T> {
  /** JSON-encoded, except a FormData, which is sent as multipart/form-data (file uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /**
   * Validates and types the answer. A loader (`() => import(…)`) is started with the request and
   * awaited after it: for the first screen's calls, whose schemas (and zod) are a lazy chunk.
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  /** Use this access token instead of the stored one (and never refresh it). */
  token?: string;
  signal?: AbortSignal;
  /** 'blob': answer the body as a Blob (file downloads, images served behind the bearer token). */
  responseType?: 'json' | 'blob';
}

export interface ApiClient {
  request: <T = unknown>(method: HttpMethod, url: string, options?: RequestOptions<T>) => Promise<T>;
  get: <T = unknown>(url: string, options?: RequestOptions<T>) => Promise<T>;
  post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions<T>) => Promise<T>;
  patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions<T>) => Promise<T>;
  put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions<T>) => Promise<T>;
  delete: <T = unknown>(url: string, options?: RequestOptions<T>) => Promise<T>;
}

const NO_REFRESH_URLS: readonly string[] = [API_ROUTES.token.url, API_ROUTES.tokenRefresh.url];

function withQuery(url: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Whether a body is the server's error envelope; false if that test cannot be loaded (the server is down). */
async function isErrorPayload(body: unknown): Promise<boolean> {
  try {
    return (await import('./error-payload')).isErrorPayload(body);
  } catch {
    return false;
  }
}

async function toApiError(response: Response, method: HttpMethod, url: string): Promise<ApiError> {
  const responseText = await response.text().catch(() => '');
  let payload: ErrorPayload | undefined;
  try {
    const body: unknown = JSON.parse(responseText);
    if (await isErrorPayload(body)) payload = body as ErrorPayload;
  } catch {
    // Not JSON (a proxy page, an empty body): the raw text still goes into the report.
  }
  return new ApiError({
    status: response.status,
    url,
    method,
    payload,
    responseText,
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
  });
}

/**
 * A JSON client for the server. A 401 on any call but the token endpoints refreshes the token
 * **once** and retries; concurrent 401s share that single refresh (single-flight), and a refused
 * refresh ends the session through `onSessionExpired`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { tokens, onSessionExpired, baseUrl = '' } = options;
  const fetchFn = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  let refreshing: Promise<boolean> | null = null;

  async function refreshTokens(): Promise<boolean> {
    const refresh = tokens.getRefresh();
    if (!refresh) {
      // Signed in without a way to renew is a dead session; signed out there is nothing to end.
      if (tokens.getAccess()) onSessionExpired();
      return false;
    }
    let response: Response;
    try {
      response = await fetchFn(baseUrl + API_ROUTES.tokenRefresh.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh }),
      });
    } catch {
      // The server is unreachable: the session may still be valid, so keep it.
      return false;
    }
    const data: unknown = response.ok ? await response.json().catch(() => null) : null;
    const access = typeof data === 'object' && data !== null && 'access' in data ? data.access : undefined;
    if (typeof access !== 'string' || access === '') {
      onSessionExpired();
      return false;
    }
    // Refresh tokens rotate: the used one is refused from now on, so keep the new one.
    const rotated = (data as { refresh?: unknown }).refresh;
    tokens.setTokens({ access, refresh: typeof rotated === 'string' && rotated !== '' ? rotated : refresh });
    return true;
  }

  function refreshOnce(): Promise<boolean> {
    refreshing ??= refreshTokens().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function send(
    method: HttpMethod,
    url: string,
    body: unknown,
    token: string | null,
    signal?: AbortSignal,
    accept = 'application/json',
  ) {
    const headers: Record<string, string> = { Accept: accept };
    // A FormData body goes as multipart/form-data: fetch writes that header with its boundary.
    const multipart = body instanceof FormData;
    if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await fetchFn(baseUrl + url, {
        method,
        headers,
        body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError({ status: 0, url, method, cause });
    }
  }

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const url = withQuery(path, opts.query);
    const schema = typeof opts.schema === 'function' ? opts.schema() : opts.schema;
    // Awaited below; a failed load is reported there, not as an unhandled rejection meanwhile.
    if (schema instanceof Promise) schema.catch(() => undefined);
    const usedToken = opts.token ?? tokens.getAccess();
    const accept = opts.responseType === 'blob' ? '*/*' : 'application/json';
    let response = await send(method, url, opts.body, usedToken, opts.signal, accept);

    if (response.status === 401 && opts.token === undefined && !NO_REFRESH_URLS.includes(path)) {
      const current = tokens.getAccess();
      // Another request may have refreshed while this one was in flight: then just use the new token.
      const renewed = current !== null && current !== usedToken ? true : await refreshOnce();
      if (renewed) response = await send(method, url, opts.body, tokens.getAccess(), opts.signal, accept);
    }

    if (!response.ok) throw await toApiError(response, method, url);
    if (response.status === 204) return undefined as T;
    if (opts.responseType === 'blob') return (await response.blob()) as T;
    const text = await response.text();
    const data: unknown = text ? JSON.parse(text) : undefined;
    return schema ? (await schema).parse(data) : (data as T);
  }

  return {
    request,
    get: (url, o) => request('GET', url, o),
    post: (url, body, o) => request('POST', url, { ...o, body }),
    patch: (url, body, o) => request('PATCH', url, { ...o, body }),
    put: (url, body, o) => request('PUT', url, { ...o, body }),
    delete: (url, o) => request('DELETE', url, o),
  };
}
